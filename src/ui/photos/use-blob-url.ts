/**
 * An object URL for bytes loaded asynchronously (a photo from the device's
 * store, or a thumbnail from the server), revoked when the bytes change or
 * the component goes, so a page of photos does not keep every blob alive.
 */
import { useEffect, useState } from 'react';
import { photoErrorMessage } from './photo-errors';

export type BlobUrlState = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'missing'; error: string };

/** `load` is called again only when `id` changes (it names the bytes); null loads nothing. */
export function useBlobUrl(id: string | null, load: () => Promise<Blob>): BlobUrlState {
  const [state, setState] = useState<BlobUrlState>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `id` names what `load` fetches; a new closure alone is not new bytes.
  useEffect(() => {
    if (id === null) {
      setState({ status: 'missing', error: '' });
      return;
    }
    let url: string | null = null;
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url });
      },
      (error: unknown) => {
        // A reason in Portuguese, or none (the caller's 'not available' text): never '[object Event]'.
        if (live) setState({ status: 'missing', error: photoErrorMessage(error, '') });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return state;
}
