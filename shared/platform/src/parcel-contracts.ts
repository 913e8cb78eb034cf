// The props of each parcel a remote lends another (exposed parcel name → what its component
// takes), written once here because the two sides are built and deployed apart: the lending
// remote types its component with it (defineParcel), the borrowing remote its props
// (<RemoteParcel>), and neither imports the other's code. Types only: nothing here exists at run
// time, so a shell of any 1.8 release runs remotes built against it.

/** A bucket's limits as the upload widget shows and checks them before anything is sent. */
export interface UploadParcelLimits {
  /** Bytes, or null when the bucket sets none. */
  fileSizeLimit: number | null;
  /** Allowed types (`image/*` wildcards), or null / empty when any type is allowed. */
  allowedMimeTypes: string[] | null;
}

/**
 * `files/upload-parcel`: the files remote's upload widget (a drop zone and its upload queue),
 * storing each file in `bucket` under the name the host chooses and telling it when stored.
 * Borrowed by the account remote for the profile picture.
 */
export interface UploadParcelProps {
  bucket: string;
  /** The bucket's limits, shown and checked before anything is sent. */
  limits: UploadParcelLimits;
  /** The object name a file is stored under. */
  keyFor: (file: File) => string;
  /** The host's own reason to refuse a file (its words), checked before the bucket's limits. */
  check?: (file: File) => string | undefined;
  /** Replace an object of the same name without asking. */
  upsert?: boolean;
  multiple?: boolean;
  accept?: string;
  title?: string;
  hint?: string;
  buttonLabel?: string;
  label?: string;
  onStored?: (key: string) => void;
}

/**
 * Every parcel a remote exposes for others, by `<remote>/<expose>` (the name defineParcel is
 * given, and the remote and expose <RemoteParcel> is given). A new parcel adds its entry here.
 */
export interface ParcelContracts {
  'files/upload-parcel': UploadParcelProps;
}

/** The name of a parcel with a contract. */
export type ParcelName = keyof ParcelContracts;

/** What the parcel `N` takes. */
export type ParcelProps<N extends ParcelName> = ParcelContracts[N];

/**
 * What <RemoteParcel remote={R} expose={E}> must be given: the contract's props when
 * `R/E` has one, any object otherwise.
 */
export type RemoteParcelPropsOf<R extends string, E extends string> = `${R}/${E}` extends ParcelName
  ? ParcelContracts[`${R}/${E}`]
  : object;
