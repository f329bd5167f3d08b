// One application in a dialog (opening it marks it reviewed): the applicant's profile and
// answers, the cover letter, labels, internal notes, the timeline, and declining with an
// optional message.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../ui/Alert';
import { Dialog } from '../../../../ui/Dialog';
import { TextField } from '../../../../ui/fields/TextField';
import { type ApiError } from '../../../../lib/api';
import { formatDate, formatDateTime } from '../../../../lib/formatTime';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { addNote, getApplicant, moveApplicants, setLabels } from '../api';
import type { ApplicantDetail } from '../types';
import { D, History, label, StatusBadge, TextArea } from './parts';
import { StaffInterviewsLazy } from '../../../workspace/interviews/Lazy';

const K = `${D}.kanban`;

export function ApplicantDialog({ id, onClose, onChanged }: { id: number | null; onClose: () => void; onChanged: (a: ApplicantDetail) => void }) {
  const { t } = useTranslation();
  const [a, setA] = useState<ApplicantDetail | null>(null);
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState('');
  const [labels, setLabelText] = useState('');
  const [labelsError, setLabelsError] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState('');

  useEffect(() => {
    if (id === null) return;
    let live = true;
    getApplicant(id).then(
      (d) => {
        if (!live) return;
        setA(d);
        setLabelText(d.labels.join(', '));
        onChanged(d);
      },
      (err: ApiError) => {
        onApiError(err);
        if (live) setError(err.message);
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const close = () => {
    setA(null);
    setError('');
    setNote('');
    setNoteError('');
    setLabelsError('');
    setMessage('');
    onClose();
  };

  const act = async (what: string, fn: () => Promise<ApplicantDetail | null>, onError: (msg: string) => void) => {
    if (busy) return;
    setBusy(what);
    try {
      const d = await fn();
      if (d) {
        setA(d);
        onChanged(d);
      }
    } catch (err) {
      onApiError(err as ApiError);
      const e = err as ApiError;
      onError(Object.values(e.errors ?? {})[0] ?? e.message);
    } finally {
      setBusy('');
    }
  };

  const saveNote = (e: Event) => {
    e.preventDefault();
    if (!a) return;
    if (!note.trim()) {
      setNoteError(t(`${K}.noteRequired`));
      document.getElementById('app-note')?.focus();
      return;
    }
    act(
      'note',
      async () => {
        const d = await addNote(a.id, note);
        setNote('');
        setNoteError('');
        toast.success(t(`${K}.noteAdded`));
        return d;
      },
      setNoteError,
    );
  };

  const saveLabels = (e: Event) => {
    e.preventDefault();
    if (!a) return;
    const list = [...new Set(labels.split(',').map((s) => s.trim()).filter(Boolean))];
    act(
      'labels',
      async () => {
        const d = await setLabels(a.id, list);
        setLabelsError('');
        toast.success(t(`${K}.labelsSaved`));
        return d;
      },
      setLabelsError,
    );
  };

  const decline = (e: Event) => {
    e.preventDefault();
    if (!a) return;
    act(
      'decline',
      async () => {
        const r = await moveApplicants([a.id], 'declined', message);
        const why = r.refused?.[String(a.id)];
        if (why) throw { message: why } as ApiError;
        toast.success(t(`${K}.declined`, { name: a.name }));
        setMessage('');
        return getApplicant(a.id);
      },
      (m) => toast.error(m),
    );
  };

  return (
    <Dialog open={id !== null} onClose={close} id="applicant" title={a?.name ?? t('dashboard.loading')}>
      {error && <Alert variant="error">{error}</Alert>}
      {id !== null && !a && !error && <p aria-busy="true">{t('dashboard.loading')}</p>}
      {a && (
        <div class="opp-applicant">
          <p>
            <StatusBadge list="applicationStatuses" status={a.status} /> {a.meetsMustHaves && <span class="opp-flag opp-flag--ok">{t(`${K}.meets`)}</span>}{' '}
            {a.waiting && <span class="opp-flag">{t(`${K}.waiting`)}</span>}
          </p>
          <dl class="facts">
            <div>
              <dt>{t(`${K}.posting`)}</dt>
              <dd>{a.opportunity}</dd>
            </div>
            <div>
              <dt>{t(`${K}.email`)}</dt>
              <dd>
                <a href={`mailto:${a.email}`}>{a.email}</a>
              </dd>
            </div>
            <div>
              <dt>{t(`${K}.applied`)}</dt>
              <dd>{formatDateTime(t, a.createdAt)}</dd>
            </div>
            {a.profile.dateOfBirth && (
              <div>
                <dt>{t(`${K}.dateOfBirth`)}</dt>
                <dd>{formatDate(t, a.profile.dateOfBirth)}</dd>
              </div>
            )}
          </dl>
          {a.answers.length > 0 && (
            <>
              <h3>{t(`${K}.answers`)}</h3>
              <dl class="opp-answers">
                {a.answers.map((x, i) => (
                  <div key={i}>
                    <dt>{x.question}</dt>
                    <dd>
                      {x.answer}
                      {x.meets !== null && <span class={`opp-flag${x.meets ? ' opp-flag--ok' : ''}`}>{t(x.meets ? `${K}.meetsOne` : `${K}.missesOne`)}</span>}
                    </dd>
                  </div>
                ))}
              </dl>
            </>
          )}
          {a.coverLetter && (
            <>
              <h3>{t(`${K}.coverLetter`)}</h3>
              <p class="opp-pre">{a.coverLetter}</p>
            </>
          )}
          {a.documents?.length > 0 && (
            <>
              <h3>{t(`${K}.documents`)}</h3>
              <ul>
                {a.documents.map((d) => (
                  <li key={d.id}>
                    <a href={`/api/org/applications/${a.id}/documents/${d.id}`} download>
                      {t(`${K}.document`, { kind: label(t, 'documents', d.kind), name: d.name, size: Math.max(1, Math.round(d.size / 1024)) })}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
          <StaffInterviewsLazy
            key={a.id}
            appId={a.id}
            onChanged={() =>
              getApplicant(a.id).then((d) => {
                setA(d);
                onChanged(d);
              }, onApiError)
            }
          />
          <form noValidate onSubmit={saveLabels}>
            <TextField id="app-labels" label={t(`${K}.labels`)} hint={t(`${K}.labelsHint`)} value={labels} error={labelsError} onInput={(e) => setLabelText(e.currentTarget.value)} />
            <button type="submit" class="secondary" aria-busy={busy === 'labels' ? 'true' : undefined}>
              {t(`${K}.saveLabels`)}
            </button>
          </form>
          <form noValidate onSubmit={saveNote}>
            <TextArea id="app-note" label={t(`${K}.note`)} hint={t(`${K}.noteHint`)} value={note} error={noteError} onValue={setNote} rows={3} />
            <button type="submit" class="secondary" aria-busy={busy === 'note' ? 'true' : undefined}>
              {t(`${K}.addNote`)}
            </button>
          </form>
          <h3>{t(`${K}.timeline`)}</h3>
          <History events={a.timeline} list="applicationStatuses" />
          {a.next.includes('declined') && (
            <form noValidate onSubmit={decline} class="opp-decline">
              <TextArea id="app-decline" label={t(`${K}.declineMessage`)} hint={t(`${K}.declineHint`)} value={message} onValue={setMessage} rows={3} />
              <button type="submit" class="secondary outline" aria-busy={busy === 'decline' ? 'true' : undefined}>
                {t(`${K}.decline`)}
              </button>
            </form>
          )}
        </div>
      )}
    </Dialog>
  );
}
