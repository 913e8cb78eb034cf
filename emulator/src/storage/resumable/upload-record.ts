// What is kept beside a resumable upload's bytes: its JSON record (length, metadata, creation
// time) and who may continue it. The TUS store (store.ts) writes it; the expiry sweep
// (expiry.ts) reads its creation time without loading @tus/server.

/** Who may continue an upload, decided when it was created. */
export type UploadBinding =
  | { kind: 'caller'; role: string; sub: string | null; upsert: boolean }
  | { kind: 'signed'; owner: string | null; upsert: boolean };

export interface UploadRecord {
  bucket: string;
  key: string;
  size: number | null;
  metadata: Record<string, string | null>;
  creationDate: string;
  binding: UploadBinding;
}
