// The files remote's exposed `./upload-parcel`: the upload widget as single-spa parcel lifecycles,
// mounted by other remotes with <RemoteParcel remote="files" expose="upload-parcel"> (the account
// remote's profile picture). One implementation: the same queue and transports as /files. Its
// props are the platform's contract for `files/upload-parcel` (UploadParcelProps), which the
// borrowers are typed with too.
import { defineParcel } from '@portal/platform';
import { UploadWidget, type UploadWidgetProps } from './components/UploadWidget.js';

export type { UploadWidgetProps };

const parcel = defineParcel(UploadWidget, 'files/upload-parcel');

export const { bootstrap, mount, update, unmount } = parcel;
export default parcel;
