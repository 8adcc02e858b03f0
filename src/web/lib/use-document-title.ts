import { useEffect } from 'react';
import { documentTitle } from '../../shared/page-meta';

/** Sets the tab's title to "<name> · MINGO" while the calling page is shown. */
export function useDocumentTitle(name: string | null): void {
  useEffect(() => {
    if (name !== null) document.title = documentTitle(name);
  }, [name]);
}
