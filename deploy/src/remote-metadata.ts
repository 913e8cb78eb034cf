import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DeployError, DeployErrorCode } from './errors.js';

/** The metadata block a remote build carries (remote.json, emitted by the remote build preset). */
export const remoteMetadataSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  title: z.string().min(1),
  route: z.string().startsWith('/'),
  icon: z.string().optional(),
  description: z.string().optional(),
  contract: z.string().min(1),
  auth: z.enum(['none', 'aal1', 'aal2']),
  /** An exposed module the shell runs while the person may use the remote (`./background`). */
  background: z.string().optional(),
});
export type RemoteMetadata = z.infer<typeof remoteMetadataSchema>;

export function readBuiltRemote(distDir: string): { meta: RemoteMetadata; packageVersion: string } {
  const metaFile = path.join(distDir, 'remote.json');
  const manifest = path.join(distDir, 'mf-manifest.json');
  if (!existsSync(metaFile) || !existsSync(manifest)) {
    throw new DeployError(DeployErrorCode.NotBuilt, `${distDir} holds no remote build (remote.json and mf-manifest.json). Build it first: portal-deploy build in the remote's folder.`);
  }
  const parsed = remoteMetadataSchema.safeParse(JSON.parse(readFileSync(metaFile, 'utf8')));
  if (!parsed.success) {
    throw new DeployError(
      DeployErrorCode.InvalidMetadata,
      `${metaFile} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}.`,
    );
  }
  const buildInfo = (JSON.parse(readFileSync(manifest, 'utf8')) as { metaData?: { buildInfo?: { buildVersion?: string } } }).metaData?.buildInfo;
  return { meta: parsed.data, packageVersion: buildInfo?.buildVersion ?? '0.0.0' };
}
