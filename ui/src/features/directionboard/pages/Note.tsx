import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';

/** The note every screen of the test carries. */
export function PrivacyNote() {
  const { t } = useTranslation();
  return <Alert variant="info">{t('directionBoard.privacy')}</Alert>;
}
