/**
 * Sending an upload with progress. `fetch` cannot report how much of a
 * request body has gone out, so in browsers (where the engine uses the
 * global fetch) an upload goes through XMLHttpRequest, whose `upload`
 * events can; Node and injected fetch functions (tests) use fetch, with
 * progress reported at the start and the end only.
 *
 * Timeouts: an XHR upload times out when no byte moved for the transport's
 * timeout (a slow but moving upload of a big file is fine); a fetch upload,
 * which cannot tell, gets the timeout plus time for the bytes at a slow
 * mobile rate (UPLOAD_SLOW_BYTES_PER_SECOND).
 */

/** ~128 kbit/s: a poor mobile connection at a client's site. */
export const UPLOAD_SLOW_BYTES_PER_SECOND = 16_000;

export function uploadTimeoutMs(baseMs: number, bytes: number): number {
  return baseMs + Math.ceil((bytes / UPLOAD_SLOW_BYTES_PER_SECOND) * 1000);
}

export function canUseXhr(): boolean {
  return typeof XMLHttpRequest === 'function';
}

export interface XhrUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  /** No progress for this long ends the request as a timeout. */
  idleTimeoutMs: number;
  onProgress?: (loaded: number, total: number) => void;
}

export type XhrResult =
  | { kind: 'response'; status: number; text: string; retryAfter: string | null }
  | { kind: 'network'; error: unknown }
  | { kind: 'timeout' };

export function sendWithXhr(upload: XhrUpload): Promise<XhrResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const finish = (result: XhrResult) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      resolve(result);
    };
    const armTimer = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        finish({ kind: 'timeout' });
        xhr.abort();
      }, upload.idleTimeoutMs);
    };
    xhr.open(upload.method, upload.url);
    for (const [name, value] of Object.entries(upload.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      armTimer();
      if (event.lengthComputable) upload.onProgress?.(event.loaded, event.total);
    };
    // Once the body is out, waiting for the answer is an ordinary request wait.
    xhr.upload.onload = () => armTimer();
    xhr.onload = () => finish({ kind: 'response', status: xhr.status, text: xhr.responseText, retryAfter: xhr.getResponseHeader('retry-after') });
    xhr.onerror = () => finish({ kind: 'network', error: new Error('upload failed: network error') });
    xhr.onabort = () => finish({ kind: 'network', error: new Error('upload aborted') });
    armTimer();
    xhr.send(upload.body);
  });
}
