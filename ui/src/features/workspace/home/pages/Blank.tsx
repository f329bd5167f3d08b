import { DashboardShell } from '../../../../ui/DashboardShell';

/** The empty page of the shell, kept from the original product: its title and nothing else. */
export function Blank() {
  return <DashboardShell page="blank">{() => null}</DashboardShell>;
}
