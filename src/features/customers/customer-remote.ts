/**
 * The customers area's calls that are not synced records: the new-files
 * e-mail ('Notificar por e-mail', `POST api/customer/{id}/send/email`) and
 * the template it starts from (`message_sendMessageNewFilesUpload` in
 * `GET api/settings/all`). Both need a connection; the route builds this
 * from the app's API client, tests pass their own.
 */
import { messageResponseSchema } from '../../../sync/contract/customers';
import { settingsMap, settingsResponseSchema } from '../../../sync/contract/settings';
import type { ApiClient } from '../../../sync/http';

export const NEW_FILES_TEMPLATE_OPTION = 'message_sendMessageNewFilesUpload';

export interface CustomerRemote {
  /** The message template for the new-files e-mail ('' when there is none). */
  newFilesTemplate(): Promise<string>;
  /** Sends the e-mail; resolves to the server's success message. */
  notifyNewFiles(customerId: number, input: { email: string | null; message: string | null }): Promise<string>;
}

export function customerRemote(api: ApiClient): CustomerRemote {
  return {
    async newFilesTemplate() {
      const settings = await api.get('api/settings/all', settingsResponseSchema);
      return settingsMap(settings.options)[NEW_FILES_TEMPLATE_OPTION] ?? '';
    },
    async notifyNewFiles(customerId, input) {
      const answer = await api.request('post', `api/customer/${customerId}/send/email`, messageResponseSchema, { json: input });
      return answer.message;
    },
  };
}
