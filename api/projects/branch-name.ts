/** Branch names git accepts (git check-ref-format), in a conservative alphabet. */
const BRANCH = /^[A-Za-z0-9._\/-]{1,200}$/;
const BRANCH_FORBIDDEN = [/^[-/]/, /\/$/, /\.$/, /\.\./, /\/\//, /(^|\/)\./, /\.lock(\/|$)/];

export function isValidBranchName(name: string): boolean {
  return BRANCH.test(name) && !BRANCH_FORBIDDEN.some((rule) => rule.test(name));
}
