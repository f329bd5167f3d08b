import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { fetchMeta, type Meta } from '../../../lib/meta';
import { Dialog } from '../../../ui/Dialog';
import { loginDialog } from './LoginDialog';
import { QrCode } from '../../../ui/QrCode';

type Stores = Pick<Meta, 'appStoreUrl' | 'playStoreUrl'>;
const stores = fetchMeta;

function MobileApp({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const [links, setLinks] = useState<Stores | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus(); // the button that led here is gone
    stores().then(setLinks);
  }, []);
  const list = links
    ? [
        { url: links.appStoreUrl, name: t('auth.loginDialog.appStore') },
        { url: links.playStoreUrl, name: t('auth.loginDialog.playStore') },
      ].filter((s): s is { url: string; name: string } => !!s.url)
    : [];
  return (
    <div class="login-choice__mobile">
      <h3 tabIndex={-1} ref={heading}>
        {t('auth.loginDialog.downloadTitle')}
      </h3>
      {!links ? (
        <p aria-busy="true">{t('auth.loginDialog.loading')}</p>
      ) : list.length === 0 ? (
        <p>{t('auth.loginDialog.noStores')}</p>
      ) : (
        <>
          <p>{t('auth.loginDialog.downloadText')}</p>
          <ul class="stores">
            {list.map((s) => (
              <li key={s.url}>
                <QrCode value={s.url} label={t('auth.loginDialog.qr', { store: s.name })} />
                <a href={s.url} rel="external noopener" target="_blank" class="button-link">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <button type="button" class="secondary outline" onClick={onBack}>
        {t('auth.loginDialog.back')}
      </button>
    </div>
  );
}

/**
 * The header's sign-in choice: enterprises use the web app (sign in here), individuals use the
 * mobile app (the store links and a QR code to scan).
 */
export function LoginChoice({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'choose' | 'mobile'>('choose');
  // Each opening starts at the choice: reset while rendering when `open` turns true (state
  // derived from a prop change, as React advises), not in an effect after it.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setStep('choose');
  }
  return (
    <Dialog id="login-dialog" open={open} onClose={loginDialog.close} title={t('auth.loginDialog.title')}>
      {open && step === 'choose' && (
        <>
          <p>{t('auth.loginDialog.intro')}</p>
          <ul class="login-choice">
            <li>
              <Link href="/auth/login" class="button-link" aria-describedby="login-choice-enterprise" onClick={loginDialog.close}>
                {t('auth.loginDialog.enterprise')}
              </Link>
              <small id="login-choice-enterprise">{t('auth.loginDialog.enterpriseText')}</small>
            </li>
            <li>
              <button type="button" aria-describedby="login-choice-mobile" onClick={() => setStep('mobile')}>
                {t('auth.loginDialog.mobile')}
              </button>
              <small id="login-choice-mobile">{t('auth.loginDialog.mobileText')}</small>
            </li>
          </ul>
        </>
      )}
      {open && step === 'mobile' && <MobileApp onBack={() => setStep('choose')} />}
    </Dialog>
  );
}
