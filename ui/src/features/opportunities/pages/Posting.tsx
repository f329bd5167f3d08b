// /opportunities/{slug}: one opportunity — its facts, description, contact, the reader's own
// application, saving, and applying. One prerendered page serves every slug (a shell); the
// server may put the posting's JSON into the page (<script type="application/json"
// id="page-data">, the shape of GET /api/opportunities/{slug}), which is used instead of a
// request when it is of this slug.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import type { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/formatTime';
import { useHydrated } from '../../../lib/query';
import { loginUrl, onApiError, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../ui/Alert';
import { getOpportunity, saveOpportunity, unsaveOpportunity } from '../api';
import { ApplyForm } from '../components/ApplyForm';
import { deadlineText, label, money, payText, placeText } from '../components/format';
import { VerifiedBadge } from '../components/OpportunityCard';
import { Timeline } from '../components/Timeline';
import { ReportButton } from '../../communities/moderation/ReportButton';
import { readPageData } from '../pageData';
import type { Detail, MyApplication } from '../types';
import { useTitle } from '../../../lib/title';

const P = 'opportunities.posting';

/**
 * The posting of a slug: the page's own data when it is of this slug (the server renders
 * /opportunities/{slug} with it), else GET /api/opportunities/{slug}. The page's data is the
 * same for everyone, so a signed-in reader also asks the API for what is theirs (saved, their
 * application, eligibility).
 */
function usePosting(slug: string | null, signedIn: boolean) {
  const [got, setGot] = useState<{ slug: string; data?: Detail; error?: ApiError }>();
  const embedded = slug ? readPageData<Detail>((d) => d.slug === slug) : undefined;
  const needed = !!slug && (!embedded || signedIn);
  useEffect(() => {
    if (!slug || !needed) return;
    let live = true;
    getOpportunity(slug).then(
      (d) => live && setGot({ slug, data: d }),
      (err: ApiError) => {
        onApiError(err);
        if (live) setGot({ slug, error: err });
      },
    );
    return () => {
      live = false;
    };
  }, [slug, needed]);
  type Got = { slug: string; data?: Detail; error?: ApiError };
  const current: Got | undefined = got?.slug === slug ? got : slug && embedded ? { slug, data: embedded } : undefined;
  return { current, replace: (data: Detail) => slug && setGot({ slug, data }) };
}

/**
 * The server's read-only rendition of the posting (written into <div data-ssr-slot> of this
 * page), kept as it is while the page hydrates; empty in the prerendered shell.
 */
const ssrSlot = (() => {
  let html: string | undefined;
  return () => (html ??= typeof document === 'undefined' ? '' : (document.querySelector('[data-ssr-slot]')?.innerHTML ?? ''));
})();

function Fact({ term, children }: { term: string; children: ComponentChildren }) {
  if (children === '' || children === null || children === undefined) return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Facts({ p }: { p: Detail }) {
  const { t, i18n } = useTranslation();
  const f = (k: string) => t(`${P}.facts.${k}`);
  const dates = p.startDate ? [p.startDate, p.endDate].filter(Boolean).map((d) => formatDate(t, d)).join(' – ') : '';
  const languages = (p.languages ?? []).map((l) => t(`${P}.languages.${l}`, { defaultValue: l })).join(', ');
  const cost = p.participantCost ? money(i18n.language, p.costCurrency, p.participantCost) : '';
  return (
    <dl class="facts opp-facts-list">
      <Fact term={f('kind')}>{label(t, 'kinds', p.kind)}</Fact>
      <Fact term={f('place')}>{placeText(t, p)}</Fact>
      <Fact term={f('worksite')}>{p.worksite}</Fact>
      <Fact term={f('employmentType')}>{label(t, 'employmentTypes', p.employmentType)}</Fact>
      <Fact term={f('classification')}>{label(t, 'classifications', p.classification)}</Fact>
      <Fact term={f('dates')}>{dates}</Fact>
      <Fact term={f('deadline')}>{p.deadline ? formatDate(t, p.deadline) : t(`${P}.noDeadline`)}</Fact>
      <Fact term={f('pay')}>{payText(t, i18n.language, p.pay)}</Fact>
      <Fact term={f('openings')}>{p.openings ? String(p.openings) : ''}</Fact>
      <Fact term={f('languages')}>{languages}</Fact>
      <Fact term={f('audience')}>{label(t, 'audiences', p.audience)}</Fact>
      <Fact term={f('visaType')}>{label(t, 'visaTypes', p.visaType)}</Fact>
      <Fact term={f('exchangeType')}>{label(t, 'exchangeTypes', p.exchangeType)}</Fact>
      <Fact term={f('documents')}>{(p.documents ?? []).map((d) => label(t, 'documents', d)).join(', ')}</Fact>
      <Fact term={f('cost')}>{cost}</Fact>
      <Fact term={f('includes')}>{p.includes}</Fact>
    </dl>
  );
}

/** The reader's own application: its status and timeline, and where to follow it. */
function OwnApplication({ app, fresh }: { app: MyApplication; fresh?: boolean }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (fresh) heading.current?.focus();
  }, [fresh]);
  return (
    <section class="opp-own" aria-labelledby="opp-own-h">
      <h2 id="opp-own-h" ref={heading} tabIndex={-1}>
        {fresh ? t(`${P}.applied.sent`) : t(`${P}.applied.title`)}
      </h2>
      <p>
        {t(`${P}.applied.status`, { status: label(t, 'applicationStatuses', app.status), date: formatDate(t, app.createdAt) })}
      </p>
      {app.waitingSince && <p>{t('opportunities.mine.waiting', { date: formatDate(t, app.waitingSince) })}</p>}
      <Timeline events={app.timeline ?? []} />
      {fresh && <p>{t(`${P}.applied.next`)}</p>}
      <p>
        <Link href="/dashboard/applications">{t(`${P}.applied.follow`)}</Link>
      </p>
    </section>
  );
}

function SaveButton({ p, onChange }: { p: Detail; onChange: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const toggle = () => {
    setBusy(true);
    (p.saved ? unsaveOpportunity(p.slug) : saveOpportunity(p.slug))
      .then(
        () => {
          onChange(!p.saved);
          toast.success(t(p.saved ? `${P}.unsaved` : `${P}.saved`));
        },
        (err: ApiError) => {
          onApiError(err);
          toast.error(err.message);
        },
      )
      .finally(() => setBusy(false));
  };
  return (
    <button type="button" class="secondary outline" aria-pressed={p.saved ? 'true' : 'false'} aria-busy={busy ? 'true' : undefined} onClick={toggle}>
      {p.saved ? t(`${P}.unsave`) : t(`${P}.save`)}
    </button>
  );
}

/** Applying: by the session — signed out, an organisation's account, an individual. */
function ApplySection({ p, onApplied }: { p: Detail; onApplied: (a: MyApplication) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (!p.open || p.application) return null;
  if (session.status === 'unknown') return null;
  if (session.status === 'signedOut') {
    const back = typeof window === 'undefined' ? '' : window.location.pathname;
    return (
      <section class="opp-apply-box" aria-labelledby="opp-apply-h">
        <h2 id="opp-apply-h">{t(`${P}.applyTitle`)}</h2>
        <p>{t(`${P}.signInToApply`)}</p>
        <p>
          <a class="button-link" href={loginUrl(back)}>
            {t(`${P}.signIn`)}
          </a>
        </p>
      </section>
    );
  }
  const user = session.user;
  if (user.accountType !== 'individual') return null;
  return (
    <section class="opp-apply-box" aria-labelledby="opp-apply-h">
      <h2 id="opp-apply-h">{t(`${P}.applyTitle`)}</h2>
      {user.idVerification !== 'verified' && (
        <Alert variant="warning">
          <p>{t(`${P}.idNeeded`)}</p>
          <p>
            <Link href="/dashboard/user/account">{t('opportunities.apply.verifyLink')}</Link>
          </p>
        </Alert>
      )}
      {open ? (
        <ApplyForm posting={p} onApplied={onApplied} />
      ) : (
        <button type="button" onClick={() => setOpen(true)}>
          {t(`${P}.apply`)}
        </button>
      )}
    </section>
  );
}

export function Posting() {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const [, params] = useRoute<{ slug: string }>('/opportunities/:slug');
  const slug = hydrated && params ? decodeURIComponent(params.slug) : null;
  const session = useSession();
  const { current, replace } = usePosting(slug, session.status === 'signedIn');
  const [fresh, setFresh] = useState(false);
  const p = current?.data;

  useTitle(p?.title);

  if (current?.error) {
    const gone = current.error.status === 410;
    return (
      <>
        <h1>{gone ? t(`${P}.gone`) : t(`${P}.notFound`)}</h1>
        <Alert variant={current.error.status === 404 || gone ? 'info' : 'error'}>{current.error.message}</Alert>
        <p>
          <Link href="/opportunities">{t(`${P}.back`)}</Link>
        </p>
      </>
    );
  }
  if (!p) {
    // Until the app runs (and in the prerendered shell): the server's rendition, if any, as it is.
    const slot = ssrSlot();
    return (
      <>
        {hydrated && !slot && (
          <>
            <h1>{t(`${P}.title`)}</h1>
            <p aria-busy="true">{t(`${P}.loading`)}</p>
          </>
        )}
        <div data-ssr-slot="" dangerouslySetInnerHTML={{ __html: slot }} />
      </>
    );
  }
  const other = p.lang !== i18n.language ? p.lang : undefined;
  const closed = !p.open;
  const individual = session.status === 'signedIn' && session.user.accountType === 'individual';
  const onApplied = (a: MyApplication) => {
    replace({ ...p, application: a });
    setFresh(true);
  };
  return (
    <div class="opp-detail">
      <header class="page-intro">
        <p class="muted">
          <Link href="/opportunities">{t(`${P}.back`)}</Link>
        </p>
        <h1 lang={other}>{p.title}</h1>
        <p class="opp-detail__org">
          <Link href={`/organizations/${p.organization.slug}`}>{p.organization.name}</Link>
          {p.organization.verified && <VerifiedBadge />}
        </p>
        <p class="muted">
          {label(t, 'kinds', p.kind)} · {placeText(t, p)} · {deadlineText(t, p.deadline)}
        </p>
      </header>
      {closed && <Alert variant="info">{p.status === 'closed' ? t(`${P}.closed`) : t(`${P}.notAccepting`)}</Alert>}
      {p.otherLanguage && <Alert variant="info">{t(`${P}.otherLanguage`)}</Alert>}
      {p.eligibility?.visaNeeded && <Alert variant="info">{t(`${P}.visaNeeded`, { visa: label(t, 'visaTypes', p.eligibility.visaNeeded) })}</Alert>}
      {p.noFee && <Alert variant="success">{t(`${P}.noFee`)}</Alert>}
      {p.application && <OwnApplication app={p.application} fresh={fresh} />}
      {individual && (
        <p class="button-row">
          <SaveButton p={p} onChange={(saved) => replace({ ...p, saved })} />
        </p>
      )}
      <p class="button-row">
        <ReportButton target="opportunity" id={p.id} />
      </p>
      <section aria-labelledby="opp-facts-h">
        <h2 id="opp-facts-h">{t(`${P}.factsTitle`)}</h2>
        <Facts p={p} />
      </section>
      <section aria-labelledby="opp-desc-h">
        <h2 id="opp-desc-h">{t(`${P}.aboutTitle`)}</h2>
        {/* Sanitised on the server (app/platform/markdown, bluemonday's UGC policy). */}
        <div class="opp-description" lang={other} dangerouslySetInnerHTML={{ __html: p.descriptionHtml }} />
        {p.mustHave && (
          <>
            <h3>{t(`${P}.mustHave`)}</h3>
            <p class="opp-pre" lang={other}>
              {p.mustHave}
            </p>
          </>
        )}
        {p.preferred && (
          <>
            <h3>{t(`${P}.preferred`)}</h3>
            <p class="opp-pre" lang={other}>
              {p.preferred}
            </p>
          </>
        )}
      </section>
      {(p.contactName || p.contactEmail || p.contactPhone) && (
        <section aria-labelledby="opp-contact-h">
          <h2 id="opp-contact-h">{t(`${P}.contact`)}</h2>
          <p>
            {p.contactName && (
              <>
                {p.contactName}
                <br />
              </>
            )}
            {p.contactEmail && (
              <>
                <a href={`mailto:${p.contactEmail}`}>{p.contactEmail}</a>
                <br />
              </>
            )}
            {p.contactPhone && <a href={`tel:${p.contactPhone.replace(/\s+/g, '')}`}>{p.contactPhone}</a>}
          </p>
        </section>
      )}
      <ApplySection p={p} onApplied={onApplied} />
    </div>
  );
}
