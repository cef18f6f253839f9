// robots.txt as the finder reads it: the group for our agent, else the one for "*"; the longest
// matching Allow/Disallow prefix wins (RFC 9309). A missing file (4xx) allows everything; a server
// error or no answer disallows everything, as the RFC asks.

export const FINDER_AGENT = 'VerileadFinder';

interface Rule {
  allow: boolean;
  path: string;
}

export type Robots = (path: string) => boolean;

export const allowAll: Robots = () => true;
export const disallowAll: Robots = () => false;

export function parseRobots(text: string, agent = FINDER_AGENT): Robots {
  const groups = new Map<string, Rule[]>();
  let agents: string[] = [];
  let inRules = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const m = /^([a-z-]+)\s*:\s*(.*)$/i.exec(line);
    if (!m) continue;
    const key = m[1].toLowerCase();
    const value = m[2].trim();
    if (key === 'user-agent') {
      if (inRules) agents = [];
      inRules = false;
      agents.push(value.toLowerCase());
      for (const a of agents) if (!groups.has(a)) groups.set(a, []);
    } else if (key === 'allow' || key === 'disallow') {
      inRules = true;
      if (key === 'disallow' && value === '') continue;
      for (const a of agents) groups.get(a)?.push({ allow: key === 'allow', path: value });
    }
  }
  const rules = groups.get(agent.toLowerCase()) ?? groups.get('*') ?? [];
  return (path) => {
    let best: Rule | null = null;
    for (const r of rules) {
      if (!matches(r.path, path)) continue;
      if (!best || r.path.length > best.path.length || (r.path.length === best.path.length && r.allow))
        best = r;
    }
    return best ? best.allow : true;
  };
}

/** A robots.txt path with its `*` wildcards and `$` end anchor. */
function matches(rule: string, path: string): boolean {
  const anchored = rule.endsWith('$');
  const body = anchored ? rule.slice(0, -1) : rule;
  const re = new RegExp(`^${body.split('*').map(escapeRe).join('.*')}${anchored ? '$' : ''}`);
  return re.test(path);
}

const escapeRe = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
