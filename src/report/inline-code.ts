// Text from a pull request (kernel names, file names) shown as markdown code: the fence is one
// backtick longer than the longest run inside (CommonMark), so a name holding ` cannot end the
// span and inject links, images or mentions; pipes and newlines are escaped for table cells.
export function inlineCode(text: string): string {
  const flat = text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = longest > 0 || flat.startsWith(' ') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
