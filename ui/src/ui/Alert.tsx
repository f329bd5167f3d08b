import type { ComponentChildren } from 'preact';
import { useTranslation } from 'react-i18next';
import type { ToastVariant } from '../lib/toast';

export type AlertVariant = ToastVariant;

/**
 * A message that is part of the page. The variant is spelled out as well as coloured, so it
 * does not depend on colour alone. (Messages that appear later belong in a toast or in a live
 * region, not here.)
 */
export function Alert({ variant, children }: { variant: AlertVariant; children: ComponentChildren }) {
  const { t } = useTranslation();
  return (
    <div class={`alert alert--${variant}`}>
      <strong class="alert__label">{t(`ui.alert.${variant}`)}</strong>
      <div class="alert__body">{children}</div>
    </div>
  );
}
