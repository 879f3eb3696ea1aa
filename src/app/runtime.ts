/**
 * The app's long-lived services, created once at start-up: the request
 * activity counter, the session and the API client, all talking to the
 * origin that served the app. The router context and React context carry
 * this object; the sync engine will receive the same session and client
 * and report its status through `connectivity`.
 */
import { createApiClient, createRequestActivity, trackFetch, type ApiClient, type RequestActivity } from '@sync/http';
import { createSession, type Session } from '@sync/session';
import { createConnectivityStore, type ConnectivityStore } from './connectivity/connectivity-store';

export interface AppRuntime {
  session: Session;
  api: ApiClient;
  activity: RequestActivity;
  connectivity: ConnectivityStore;
}

export function createAppRuntime(baseUrl: string = window.location.origin): AppRuntime {
  const activity = createRequestActivity();
  const fetchWithActivity = trackFetch(activity, globalThis.fetch.bind(globalThis));
  const session = createSession({ baseUrl, fetch: fetchWithActivity });
  const api = createApiClient({ session, baseUrl, fetch: fetchWithActivity });
  const connectivity = createConnectivityStore(window);
  return { session, api, activity, connectivity };
}
