import { useSyncExternalStore } from 'preact/compat';
import { useTranslation } from 'react-i18next';
import { toasts as defaultStore, type Toast, type ToastStore } from '../lib/toast';

/**
 * The toasts, top right. Two live regions that are always in the page (so screen readers hear
 * what is added to them): errors in role=alert, everything else in role=status (polite).
 */
export function Toaster({ store = defaultStore }: { store?: ToastStore }) {
  const { t } = useTranslation();
  const list = useSyncExternalStore(store.subscribe, store.list, store.list);
  const item = (toast: Toast) => (
    <div key={toast.id} class={`toast toast--${toast.variant}`} data-variant={toast.variant}>
      <p class="toast__message">{toast.message}</p>
      <button type="button" class="toast__dismiss" aria-label={t('ui.toast.dismiss')} onClick={() => store.dismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
  return (
    <section class="toaster" aria-label={t('ui.toast.region')}>
      <div role="alert" aria-atomic="false" aria-relevant="additions" class="toaster__list">
        {list.filter((x) => x.variant === 'error').map(item)}
      </div>
      <div role="status" aria-atomic="false" aria-relevant="additions" class="toaster__list">
        {list.filter((x) => x.variant !== 'error').map(item)}
      </div>
    </section>
  );
}
