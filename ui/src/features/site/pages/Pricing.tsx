import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../ui/Alert';
import { GetApp, PageIntro, Section, useSupportEmail } from '../components/parts';

const P = 'pages.pricing';
const PLANS = ['individual', 'starter', 'pro'] as const;
const FEATURES = ['f1', 'f2', 'f3', 'f4', 'f5'] as const;

export function Pricing() {
  const { t } = useTranslation();
  return (
    <>
      <PageIntro title={t(`${P}.title`)} lead={t(`${P}.lead`)} />
      <div class="plans">
        {PLANS.map((plan) => (
          <article key={plan} class="card plan" aria-labelledby={`plan-${plan}`}>
            <h2 id={`plan-${plan}`}>{t(`${P}.plans.${plan}.name`)}</h2>
            <p class="card__meta">{t(`${P}.plans.${plan}.audience`)}</p>
            <p class="plan__price">
              <strong>{t(`${P}.plans.${plan}.price`)}</strong>
              {plan !== 'individual' && <span> {t(`${P}.perMonth`)}</span>}
            </p>
            <ul>
              {FEATURES.map((f) => (
                <li key={f}>{t(`${P}.plans.${plan}.features.${f}`)}</li>
              ))}
            </ul>
            {plan === 'individual' ? (
              <GetApp class="button-link button-link--outline" label={t(`${P}.plans.${plan}.cta`)} />
            ) : (
              <Link href="/payment" class="button-link">
                {t(`${P}.plans.${plan}.cta`)}
              </Link>
            )}
          </article>
        ))}
      </div>
      <Section id="billing" title={t(`${P}.billing.title`)}>
        <ul>
          <li>{t(`${P}.billing.monthlyCard`)}</li>
          <li>{t(`${P}.billing.priceChanges`)}</li>
          <li>{t(`${P}.billing.noRefunds`)}</li>
          <li>{t(`${P}.billing.cancel`)}</li>
        </ul>
        <Alert variant="info">
          {t(`${P}.paymentNote`)} <Link href="/payment">{t(`${P}.paymentLink`)}</Link>
        </Alert>
        <p>
          <Link href="/terms-and-conditions">{t(`${P}.termsLink`)}</Link>
        </p>
      </Section>
    </>
  );
}

const Y = 'pages.payment';

export function Payment() {
  const { t } = useTranslation();
  const supportEmail = useSupportEmail();
  return (
    <>
      <PageIntro title={t(`${Y}.title`)} lead={t(`${Y}.lead`)} />
      <p>{t(`${Y}.notAvailable`)}</p>
      <Section id="meanwhile" title={t(`${Y}.meanwhile.heading`)}>
        <ol>
          <li>{t(`${Y}.meanwhile.step1`, { supportEmail })}</li>
          <li>{t(`${Y}.meanwhile.step2`)}</li>
          <li>{t(`${Y}.meanwhile.step3`)}</li>
        </ol>
        <p>
          <strong>{t('pages.contact.replyTime')}</strong>
        </p>
        <p class="related">
          <Link href="/contact-us" class="button-link">
            {t(`${Y}.cta`)}
          </Link>
          <Link href="/pricing" class="button-link button-link--outline">
            {t('layout.footer.pricing')}
          </Link>
        </p>
      </Section>
    </>
  );
}
