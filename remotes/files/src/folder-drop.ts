// Files and whole folders dropped onto the page: DataTransfer.files has no folders, so each item's
// file-system entry is walked (webkitGetAsEntry), keeping each file's path inside what was dropped.

export interface PickedFile {
  file: File;
  /** `photos/2026/beach.png` for a file from a dropped folder, else its name. */
  path: string;
}

function readAllEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  // readEntries answers in batches (100 in Chromium) until it answers an empty one.
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(all);
        else {
          all.push(...batch);
          next();
        }
      }, reject);
    next();
  });
}

async function walk(entry: FileSystemEntry, path: string, out: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    out.push({ file, path });
    return;
  }
  if (entry.isDirectory) {
    const children = await readAllEntries((entry as FileSystemDirectoryEntry).createReader());
    for (const child of children) await walk(child, `${path}/${child.name}`, out);
  }
}

export async function droppedFiles(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries = [...transfer.items].map((item) =>
    item.kind === 'file' ? item.webkitGetAsEntry() : null,
  );
  if (entries.every((entry) => entry === null))
    return [...transfer.files].map((file) => ({ file, path: file.name }));
  const out: PickedFile[] = [];
  for (const entry of entries) if (entry) await walk(entry, entry.name, out);
  return out;
}
