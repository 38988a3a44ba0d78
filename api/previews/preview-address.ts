import { publicPreviewAddress } from '../sites/site-address.ts';
import { previewSlugOf } from '../projects/preview-names.ts';

/** Where a branch's preview is read (stable for the branch, before and after its deployments). */
export const previewAddressOf = (subdomain: string, branch: string, config: { siteDomain: string | undefined; publicUrl: string }): string =>
  publicPreviewAddress(subdomain, previewSlugOf(branch, subdomain), config);
