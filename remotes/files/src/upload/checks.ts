// What may be sent into a bucket, decided before any byte leaves the browser: the bucket's own
// limits (file_size_limit, allowed_mime_types with `type/*` wildcards) and the object-name rules
// of Supabase's storage. The server checks again; these checks only spare a doomed upload.
import { withArticle } from '@portal/ui/words';

export interface BucketLimits {
  /** Bytes, or null when the bucket sets none. */
  fileSizeLimit: number | null;
  /** Allowed types (`image/*` wildcards), or null / empty when any type is allowed. */
  allowedMimeTypes: string[] | null;
}

export interface CandidateFile {
  name: string;
  type: string;
  size: number;
}

export function sizeInWords(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

export function mimeTypeAllowed(type: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const mime = (type.split(';')[0] ?? '').trim().toLowerCase();
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    if (p === '*/*') return true;
    if (p.endsWith('/*')) return mime.startsWith(p.slice(0, -1));
    return mime === p;
  });
}

/** Why an object name cannot be used (storage's key rules), or undefined. */
export function checkObjectName(name: string): string | undefined {
  const base = name.split('/').pop() ?? '';
  if (base.trim() === '') return 'A file needs a name.';
  if (/[\u0000-\u001f\u007f]/.test(name))
    return `“${name}” contains control characters, which storage does not accept in names.`;
  if (name.includes('\\'))
    return `“${name}” contains a backslash, which storage does not accept in names.`;
  const segments = name.split('/');
  if (segments.some((part) => part === '.' || part === '..'))
    return `“${name}” uses “.” or “..” as a folder name, which storage does not allow.`;
  if (segments.some((part) => part === ''))
    return `“${name}” has an empty folder name (“//”), which storage does not allow.`;
  const encoder = new TextEncoder();
  if (encoder.encode(name).length > 1024)
    return `“${name.slice(0, 40)}…” is longer than the 1,024 bytes a name may have.`;
  if (segments.some((part) => encoder.encode(part).length > 255))
    return `“${base.slice(0, 40)}…” has a part longer than the 255 bytes storage allows.`;
  return undefined;
}

/** Why `file` (to be stored as `name`) would be refused by the bucket, or undefined when it may be sent. */
export function checkUpload(
  file: CandidateFile,
  name: string,
  limits: BucketLimits,
): string | undefined {
  const nameProblem = checkObjectName(name);
  if (nameProblem) return nameProblem;
  if (limits.fileSizeLimit !== null && file.size > limits.fileSizeLimit) {
    return `“${file.name}” is ${sizeInWords(file.size)}; this bucket takes files up to ${sizeInWords(limits.fileSizeLimit)}.`;
  }
  if (!mimeTypeAllowed(file.type || 'application/octet-stream', limits.allowedMimeTypes)) {
    const kind = file.type ? withArticle(`${file.type} file`) : 'a file of unknown type';
    return `“${file.name}” is ${kind}; this bucket takes ${limits.allowedMimeTypes!.join(', ')}.`;
  }
  return undefined;
}

/** `me/photo.png` → folder `me/`, stem `photo`, extension `.png`. */
export function nameParts(name: string): { folder: string; stem: string; extension: string } {
  const slash = name.lastIndexOf('/');
  const folder = name.slice(0, slash + 1);
  const base = name.slice(slash + 1);
  const dot = base.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
  return { folder, stem, extension };
}

/**
 * Whether storage refused a write because the name is taken (its 409 `Duplicate`), as an upload,
 * a signed upload URL or a copy answer it; the question "Replace / Keep both" follows it.
 */
export function isNameTaken(failure: unknown): boolean {
  if (typeof failure !== 'object' || failure === null) return false;
  const { statusCode, error } = failure as { statusCode?: unknown; error?: unknown };
  return String(statusCode) === '409' || error === 'Duplicate';
}

/** `photo.png` → `photo (1).png`, `photo (2).png`… the first name not in `taken`. */
export function keepBothName(name: string, taken: ReadonlySet<string>): string {
  const { folder, stem, extension } = nameParts(name);
  for (let n = 1; ; n += 1) {
    const candidate = `${folder}${stem} (${n})${extension}`;
    if (!taken.has(candidate)) return candidate;
  }
}
