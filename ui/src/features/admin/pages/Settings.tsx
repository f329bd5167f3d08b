import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { RadioGroup } from '../../../ui/ChoiceGroup';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/fields/TextField';
import { type ApiError, get, put } from '../../../lib/api';
import { onApiError } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { FormMessage, SubmitButton, useForm } from '../../../lib/form';
import { checkEmail } from '../../accounts/validate';
import { DashboardShell, Section } from '../../../ui/DashboardShell';

/**
 * Maintenance mode. Its state comes from GET /api/meta, which answers 503 ("maintenance")
 * while the mode is on (the admin API has no read of its own).
 */
function Maintenance() {
  const { t } = useTranslation();
  const [on, setOn] = useState<boolean | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    get<{ maintenance: boolean }>('/meta').then(
      (m) => setOn(!!m.maintenance),
      (err: ApiError) => setOn(err.status === 503),
    );
  }, []);

  const apply = async () => {
    const next = !on;
    setBusy(true);
    try {
      await put('/admin/maintenance', { on: next });
      setOn(next);
      toast.success(t(next ? 'dashboard.settings.maintenanceOnDone' : 'dashboard.settings.maintenanceOffDone'));
    } catch (err) {
      onApiError(err as ApiError);
      toast.error((err as ApiError).message);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <>
      <p>{t('dashboard.settings.maintenanceText')}</p>
      <label for="maintenance-switch">
        <input
          id="maintenance-switch"
          type="checkbox"
          role="switch"
          checked={!!on}
          disabled={on === null}
          aria-busy={on === null ? 'true' : undefined}
          onClick={(e) => {
            e.preventDefault(); // the switch moves once the change is confirmed
            setAsking(true);
          }}
        />
        {t('dashboard.settings.maintenance')}
      </label>
      <Dialog
        id="maintenance-confirm"
        open={asking}
        onClose={() => setAsking(false)}
        title={t(on ? 'dashboard.settings.confirmOffTitle' : 'dashboard.settings.confirmOnTitle')}
        footer={
          <div class="button-row">
            <Button onClick={apply} aria-busy={busy ? 'true' : undefined}>
              {t(on ? 'dashboard.settings.turnOff' : 'dashboard.settings.turnOn')}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('dashboard.settings.cancel')}
            </Button>
          </div>
        }
      >
        <p>{t(on ? 'dashboard.settings.confirmOffText' : 'dashboard.settings.confirmOnText')}</p>
      </Dialog>
    </>
  );
}

function Admins() {
  const { t } = useTranslation();
  const form = useForm({ email: '', admin: 'grant' });
  const { attach } = form;
  const onSubmit = form.submit(async () => {
    const email = checkEmail(t, form.values.email);
    if (email) return form.fail({ email });
    const admin = form.values.admin === 'grant';
    try {
      await put('/admin/users/admin', { email: form.values.email.trim(), admin });
      toast.success(t(admin ? 'dashboard.settings.granted' : 'dashboard.settings.removed', { email: form.values.email.trim() }));
      form.set('email', '');
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <form ref={attach} noValidate onSubmit={onSubmit}>
      <FormMessage message={form.message} />
      <TextField id="admin-email" type="email" label={t('dashboard.settings.email')} autoComplete="off" required {...form.text('email')} />
      <RadioGroup
        name="admin"
        legend={t('dashboard.settings.change')}
        value={form.values.admin}
        onChange={(x) => form.set('admin', x)}
        options={[
          { value: 'grant', label: t('dashboard.settings.grant') },
          { value: 'remove', label: t('dashboard.settings.remove') },
        ]}
      />
      <SubmitButton busy={form.busy}>{t('dashboard.settings.apply')}</SubmitButton>
    </form>
  );
}

export function DashboardSettings() {
  const { t } = useTranslation();
  return (
    <DashboardShell page="settings">
      {() => (
        <>
          <Section id="settings-maintenance" title={t('dashboard.settings.maintenanceTitle')}>
            <Maintenance />
          </Section>
          <Section id="settings-admins" title={t('dashboard.settings.adminsTitle')}>
            <p>{t('dashboard.settings.adminsText')}</p>
            <Admins />
          </Section>
        </>
      )}
    </DashboardShell>
  );
}
