import type { ComponentChildren } from 'preact';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../ui/Alert';
import { AvatarGroup } from '../../../ui/AvatarGroup';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { CheckboxGroup, RadioGroup } from '../../../ui/ChoiceGroup';
import { Dialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/EmptyState';
import { ScoreChart } from '../../directionboard/components/ScoreChart';
import { Pagination } from '../../../ui/Pagination';
import { QrCode } from '../../../ui/QrCode';
import { RepeatableGroup } from '../../../ui/RepeatableGroup';
import { DateField, SelectField, TextField } from '../../../ui/fields/TextField';
import { Stepper } from '../../../ui/Stepper';
import { Table } from '../../../ui/Table';
import { Tabs } from '../../../ui/Tabs';
import { types as enTypes } from '../../../../../i18n/content/directionboard.en.json';
import { types as mnTypes } from '../../../../../i18n/content/directionboard.mn.json';
import { toast, type ToastVariant } from '../../../lib/toast';

const P = 'pages.components';

/** One labelled section of the gallery: a heading that names the region. */
function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section class="gallery__section" id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

interface Contact {
  id: string;
  name: string;
  phone: string;
}

let contactSeq = 1;
const newContact = (): Contact => ({ id: `c${contactSeq++}`, name: '', phone: '' });

/** Sample scores for the chart, one per RIASEC type. */
const SAMPLE_SCORES = { R: 42, I: 88, A: 65, S: 71, E: 30, C: 54 } as const;

export function Components() {
  const { t, i18n } = useTranslation();
  const typeNames = i18n.language === 'mn' ? mnTypes : enTypes;
  const chartScores = (Object.keys(SAMPLE_SCORES) as (keyof typeof SAMPLE_SCORES)[]).map((type) => ({
    type,
    name: typeNames[type].name,
    score: SAMPLE_SCORES[type],
  }));
  const [email, setEmail] = useState('name@');
  const [accountType, setAccountType] = useState('');
  const [interests, setInterests] = useState<string[]>(['education']);
  const [employment, setEmployment] = useState('remote');
  const [contacts, setContacts] = useState<Contact[]>(() => [{ id: 'c0', name: '', phone: '' }]);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [page, setPage] = useState(3);
  const [step, setStep] = useState(1);
  const [numbered, setNumbered] = useState(0);

  const variants: ToastVariant[] = ['info', 'success', 'warning', 'error'];
  const toastMessage = (v: ToastVariant) => (v === 'error' ? t('errors.generic') : t(`${P}.toasts.${v}`));
  const toastButton: Record<ToastVariant, string> = {
    info: t(`${P}.toasts.showInfo`),
    success: t(`${P}.toasts.showSuccess`),
    warning: t(`${P}.toasts.showWarning`),
    error: t(`${P}.toasts.showError`),
  };
  const steps = [t(`${P}.stepper.account`), t(`${P}.stepper.profile`), t(`${P}.stepper.confirmation`)];
  const tableRows = (['row1', 'row2', 'row3'] as const).map((r) => ({
    id: r,
    name: t(`${P}.table.${r}.name`),
    opportunity: t(`${P}.table.${r}.opportunity`),
    status: t(`${P}.table.${r}.status`),
  }));
  const people = (['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'] as const).map((p) => t(`${P}.avatars.${p}`));

  return (
    <div class="gallery">
      <header class="page-intro">
        <h1>{t(`${P}.title`)}</h1>
        <p>{t(`${P}.intro`)}</p>
      </header>

      <Section id="buttons" title={t(`${P}.buttons.title`)}>
        <div class="button-row">
          <Button>{t(`${P}.buttons.primary`)}</Button>
          <Button variant="secondary">{t(`${P}.buttons.secondary`)}</Button>
          <Button variant="contrast">{t(`${P}.buttons.contrast`)}</Button>
          <Button variant="outline">{t(`${P}.buttons.outline`)}</Button>
          <Button disabled>{t(`${P}.buttons.disabled`)}</Button>
        </div>
      </Section>

      <Section id="text-field" title={t(`${P}.textField.title`)}>
        <TextField
          id="gallery-email"
          type="email"
          autoComplete="email"
          label={t(`${P}.textField.label`)}
          hint={t(`${P}.textField.hint`)}
          error={/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? undefined : t(`${P}.textField.error`)}
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
        />
      </Section>

      <Section id="select" title={t(`${P}.select.title`)}>
        <SelectField
          id="gallery-account-type"
          label={t(`${P}.select.label`)}
          placeholder={t(`${P}.select.placeholder`)}
          options={[
            { value: 'enterprise', label: t(`${P}.select.enterprise`) },
            { value: 'individual', label: t(`${P}.select.individual`) },
          ]}
          value={accountType}
          onChange={(e) => setAccountType(e.currentTarget.value)}
        />
      </Section>

      <Section id="date-field" title={t(`${P}.dateField.title`)}>
        <DateField id="gallery-birth-date" label={t(`${P}.dateField.label`)} autoComplete="bday" />
      </Section>

      <Section id="checkbox-group" title={t(`${P}.checkboxGroup.title`)}>
        <CheckboxGroup
          name="gallery-interests"
          legend={t(`${P}.checkboxGroup.legend`)}
          options={(['jobs', 'education', 'exchange', 'travel'] as const).map((v) => ({
            value: v,
            label: t(`${P}.checkboxGroup.${v}`),
          }))}
          value={interests}
          onChange={setInterests}
        />
      </Section>

      <Section id="radio-group" title={t(`${P}.radioGroup.title`)}>
        <RadioGroup
          name="gallery-employment"
          legend={t(`${P}.radioGroup.legend`)}
          options={(['fullTimePermanent', 'fullTimeSeasonal', 'partTime', 'remote'] as const).map((v) => ({
            value: v,
            label: t(`${P}.radioGroup.${v}`),
          }))}
          value={employment}
          onChange={setEmployment}
        />
      </Section>

      <Section id="repeatable" title={t(`${P}.repeatable.title`)}>
        <RepeatableGroup
          legend={t(`${P}.repeatable.legend`)}
          rows={contacts}
          onChange={setContacts}
          newRow={newContact}
          addLabel={t(`${P}.repeatable.add`)}
          renderRow={(row, _n, update) => (
            <>
              <TextField
                id={`contact-${row.id}-name`}
                label={t(`${P}.repeatable.name`)}
                autoComplete="off"
                value={row.name}
                onInput={(e) => update({ name: e.currentTarget.value })}
              />
              <TextField
                id={`contact-${row.id}-phone`}
                type="tel"
                label={t(`${P}.repeatable.phone`)}
                autoComplete="off"
                value={row.phone}
                onInput={(e) => update({ phone: e.currentTarget.value })}
              />
            </>
          )}
        />
      </Section>

      <Section id="dialog" title={t(`${P}.dialog.title`)}>
        <Button variant="secondary" onClick={() => setDialogOpen(true)}>
          {t(`${P}.dialog.open`)}
        </Button>
        <Dialog
          id="gallery-dialog"
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          title={t(`${P}.dialog.heading`)}
          footer={
            <>
              <Button variant="secondary" autoFocus onClick={() => setDialogOpen(false)}>
                {t(`${P}.dialog.cancel`)}
              </Button>
              <Button onClick={() => setDialogOpen(false)}>{t(`${P}.dialog.confirm`)}</Button>
            </>
          }
        >
          <p>{t(`${P}.dialog.text`)}</p>
        </Dialog>
      </Section>

      <Section id="toasts" title={t(`${P}.toasts.title`)}>
        <p>{t(`${P}.toasts.hint`)}</p>
        <div class="button-row">
          {variants.map((v) => (
            <Button key={v} variant="outline" data-toast={v} onClick={() => toast[v](toastMessage(v))}>
              {toastButton[v]}
            </Button>
          ))}
          <Button
            variant="outline"
            data-toast="numbered"
            onClick={() => {
              toast.info(t(`${P}.toasts.numbered`, { n: numbered + 1 }));
              setNumbered(numbered + 1);
            }}
          >
            {t(`${P}.toasts.showNumbered`)}
          </Button>
        </div>
      </Section>

      <Section id="alerts" title={t(`${P}.alerts.title`)}>
        {variants.map((v) => (
          <Alert key={v} variant={v}>
            {t(`${P}.alerts.${v}`)}
          </Alert>
        ))}
      </Section>

      <Section id="card" title={t(`${P}.card.title`)}>
        <Card
          title={t(`${P}.card.heading`)}
          meta={t(`${P}.card.meta`)}
          footer={
            <Link href="/opportunities" class="button-link">
              {t(`${P}.card.action`)}
            </Link>
          }
        >
          <p>{t(`${P}.card.text`)}</p>
        </Card>
      </Section>

      <Section id="table" title={t(`${P}.table.title`)}>
        <Table
          id="gallery-table"
          caption={t(`${P}.table.caption`)}
          rows={tableRows}
          rowKey={(r) => r.id}
          columns={[
            { key: 'name', header: t(`${P}.table.name`), cell: (r) => r.name },
            { key: 'opportunity', header: t(`${P}.table.opportunity`), cell: (r) => r.opportunity },
            { key: 'status', header: t(`${P}.table.status`), cell: (r) => r.status },
          ]}
        />
      </Section>

      <Section id="pagination" title={t(`${P}.pagination.title`)}>
        <Pagination page={page} total={12} onChange={setPage} />
        <p class="muted">{t(`${P}.pagination.current`, { page, total: 12 })}</p>
      </Section>

      <Section id="tabs" title={t(`${P}.tabs.title`)}>
        <Tabs
          id="gallery-tabs"
          label={t(`${P}.tabs.label`)}
          tabs={(['overview', 'requirements', 'apply'] as const).map((k) => ({
            id: k,
            label: t(`${P}.tabs.${k}`),
            content: <p>{t(`${P}.tabs.${k}Text`)}</p>,
          }))}
        />
      </Section>

      <Section id="stepper" title={t(`${P}.stepper.title`)}>
        <Stepper steps={steps} current={step} />
        <p class="muted">{t('ui.stepper.status', { current: step + 1, total: steps.length })}</p>
        <div class="button-row">
          <Button variant="secondary" disabled={step === 0} onClick={() => setStep(step - 1)}>
            {t('common.back')}
          </Button>
          <Button disabled={step === steps.length - 1} onClick={() => setStep(step + 1)}>
            {t('common.next')}
          </Button>
        </div>
      </Section>

      <Section id="avatars" title={t(`${P}.avatars.title`)}>
        <AvatarGroup label={t(`${P}.avatars.label`)} names={people} />
      </Section>

      <Section id="empty-state" title={t(`${P}.emptyState.title`)}>
        <EmptyState
          title={t(`${P}.emptyState.heading`)}
          action={
            <Link href="/features" class="button-link">
              {t(`${P}.emptyState.action`)}
            </Link>
          }
        >
          {t(`${P}.emptyState.text`)}
        </EmptyState>
      </Section>

      <Section id="score-chart" title={t(`${P}.scoreChart.title`)}>
        <p class="muted">{t(`${P}.scoreChart.text`)}</p>
        <ScoreChart id="gallery-chart" scores={chartScores} />
      </Section>

      <Section id="qr-code" title={t(`${P}.qr.title`)}>
        <p class="muted">{t(`${P}.qr.text`)}</p>
        <QrCode value="https://gerege.mn/en/direction-board" label={t(`${P}.qr.label`)} />
      </Section>
    </div>
  );
}
