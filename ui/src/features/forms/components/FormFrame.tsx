// The frame every public form sits in: the draft offer, the form's own messages, the
// required-field note, the honeypot, the section steps with Previous / Next, the send button,
// and — once sent — the confirmation with the reference.
import type { TFunction } from 'i18next';
import type { ComponentChildren } from 'preact';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { Alert } from '../../../ui/Alert';
import { Stepper } from '../../../ui/Stepper';
import { Honeypot, RequiredNote } from '../../../ui/fields/inputs';
import type { Engine } from './useFormEngine';

const pad = (n: number) => String(n).padStart(2, '0');

/** "20 July 2026, 14:05" in the page's language, in the browser's time zone. */
export function formatWhen(t: TFunction, ms: number): string {
  const d = new Date(ms);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${formatDate(t, day)}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function DraftOffer({ engine }: { engine: Engine }) {
  const { t } = useTranslation();
  const offer = engine.offer;
  return (
    <div role="status" class="form-draft">
      {offer && (
        <Alert variant="info">
          <p>{t('forms.ui.draft.offer', { time: formatWhen(t, offer.savedAt) })}</p>
          <div class="button-row">
            <button type="button" onClick={engine.restore}>
              {t('forms.ui.draft.restore')}
            </button>
            <button type="button" class="secondary outline" onClick={engine.discard}>
              {t('forms.ui.draft.discard')}
            </button>
          </div>
        </Alert>
      )}
    </div>
  );
}

/** The confirmation: the reference, what happens next, and the email sent in the page's language. */
export function Confirmation({ engine }: { engine: Engine }) {
  const { t, i18n } = useTranslation();
  const r = engine.receipt;
  if (!r) return null;
  const p = engine.prefix;
  return (
    <section class="form-done" aria-labelledby={`${p}-done`}>
      <h2 id={`${p}-done`} tabIndex={-1}>
        {t(`forms.${engine.form}.done.heading`)}
      </h2>
      <p class="form-done__ref">
        {t('forms.ui.done.reference')} <strong id={`${p}-reference`}>{r.reference}</strong>
      </p>
      <p>{t('forms.ui.done.keep')}</p>
      <h3>{t('forms.ui.done.nextHeading')}</h3>
      <p>{t(`forms.${engine.form}.done.next`)}</p>
      <p>{t(`forms.ui.done.email.${i18n.language === 'mn' ? 'mn' : 'en'}`, { email: r.email })}</p>
      <p>
        <button type="button" class="secondary outline" onClick={engine.startOver}>
          {t('forms.ui.done.another')}
        </button>
      </p>
    </section>
  );
}

export interface FormFrameProps {
  engine: Engine;
  /** The label of the button that sends the form. */
  submitLabel: string;
  /** Names of the steps (sections, then the review) of a form in sections. */
  steps?: string[];
  /** Accessible name of the form. */
  label: string;
  children: ComponentChildren;
}

export function FormFrame({ engine, submitLabel, steps, label, children }: FormFrameProps) {
  // Taken out of the engine first: whatever object a value passed to `ref` comes from is
  // taken for a ref by react-hooks/refs, and every read of the engine would look like one.
  const { formRef } = engine;
  const { t } = useTranslation();
  const p = engine.prefix;
  if (engine.receipt) {
    return (
      <div class="form-frame">
        <Confirmation engine={engine} />
      </div>
    );
  }
  const last = engine.step >= engine.lastStep;
  const sectioned = !!steps && steps.length > 1;
  return (
    <div class="form-frame">
      <DraftOffer engine={engine} />
      {sectioned && (
        <>
          <div class="form-steps">
            <Stepper steps={steps} current={engine.step} />
          </div>
          <h2 id={`${p}-step-heading`} tabIndex={-1} class="form-step-heading">
            {t('forms.ui.step', { current: engine.step + 1, total: steps.length, title: steps[engine.step] })}
          </h2>
        </>
      )}
      <div id={`${p}-alert`} tabIndex={-1} role="alert" class="form-message">
        {engine.formMessage && <Alert variant="error">{engine.formMessage}</Alert>}
      </div>
      <form ref={formRef} method="post" noValidate aria-label={label} onSubmit={engine.submit} class="form-body">
        <RequiredNote />
        <Honeypot id={`${p}-website`} value={engine.website} onValue={engine.setWebsite} />
        {children}
        <div class="button-row form-actions">
          {sectioned && engine.step > 0 && (
            <button type="button" class="secondary outline" onClick={engine.prev} disabled={!engine.ready}>
              {t('forms.ui.previous')}
            </button>
          )}
          <button
            type="submit"
            disabled={!engine.ready}
            aria-busy={engine.sending ? 'true' : undefined}
            aria-disabled={engine.sending ? 'true' : undefined}
          >
            {engine.sending ? t('forms.ui.sending') : !sectioned || last ? submitLabel : engine.step === engine.lastStep - 1 ? t('forms.ui.toReview') : t('forms.ui.next')}
          </button>
        </div>
      </form>
    </div>
  );
}
