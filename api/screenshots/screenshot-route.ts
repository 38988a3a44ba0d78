import type { Db } from '../db/database.ts';
import { notFound } from '../errors.ts';

/** `GET /screenshots/{deploymentId}-{light|dark}.png`: a deployment's screenshot, as stored. */
export async function screenshotResponse(db: Db, name: string): Promise<Response> {
  const match = /^([0-9a-z]{8,40})-(light|dark)\.png$/.exec(name);
  const shot = match
    ? await db.screenshot.findUnique({ where: { deploymentId_theme: { deploymentId: match[1]!, theme: match[2]! } }, select: { png: true } })
    : null;
  if (!shot) throw notFound('No such screenshot.');
  return new Response(new Uint8Array(shot.png), {
    headers: {
      'content-type': 'image/png',
      'cache-control': 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-length': String(shot.png.byteLength),
    },
  });
}
