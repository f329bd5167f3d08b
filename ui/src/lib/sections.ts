import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyView, prepare } from './lazy';

const noView = lazyView('lib/none', async () => () => null);

/**
 * Loads catalog sections a part of a page needs that the page does not declare (so they stay
 * out of its first load: the volunteer form's country names are needed from its second step;
 * the organisation page's verification section); true once they are there.
 */
export function useSections(sections: string[]): boolean {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(false);
  const key = sections.join(',');
  useEffect(() => {
    let live = true;
    const done = () => live && setReady(true);
    prepare({ view: noView, sections: key.split(',') }, i18n).then(done, done);
    return () => {
      live = false;
    };
  }, [key, i18n]);
  return ready;
}
