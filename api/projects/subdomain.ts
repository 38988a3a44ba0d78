/** A project's subdomain: 1 to 63 lowercase letters, digits and inner hyphens (a DNS label). */
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Whether a name could be a project's subdomain. */
export const isSubdomain = (name: string): boolean => SUBDOMAIN.test(name);
