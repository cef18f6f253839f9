// The opening sentence of an offline first email, built from the user's brief whatever its shape:
// "offer a free audit" (an instruction) must not become "I'm reaching out because offer a free audit".

/** Verbs a brief typically starts with when it says what the email should do. */
const ACTION_VERBS = new Set(
  (
    'offer introduce invite book schedule share show pitch propose present promote sell ask follow help ' +
    'get set discuss explore connect partner recommend suggest announce request reconnect check see learn ' +
    'meet talk tell send provide build grow save reduce improve increase launch try demo pitch find win ' +
    'boost cut automate streamline simplify support collaborate hire onboard'
  ).split(' '),
);
/** Words that make the brief a sentence of its own ("We help agencies…", "Our tool…"). */
const SUBJECTS = new Set('i we our my you your they their it its this these that he she us'.split(' '));
const LINKS = new Set(['because', 'since', 'as']);

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
// Only a plainly capitalised first word is lowered ("Offer" → "offer"); "SaaS" or "Verilead" stay.
const lower = (s: string) =>
  /^[A-Z][a-z']*\b/.test(s) && !/^[A-Z][a-z']*[A-Z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;

export function openingLine(brief: string): string | null {
  const about = brief
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '');
  if (!about) return null;
  const first = about
    .split(' ')[0]
    .toLowerCase()
    .replace(/[^a-z']/g, '');
  const known =
    ACTION_VERBS.has(first) || LINKS.has(first) || /^(to|about|regarding|an?|the)$|ing$/.test(first);
  const rest = known ? lower(about) : about;
  if (SUBJECTS.has(first) || first === "i'm" || first === "we're") return `${capital(about)}.`;
  if (LINKS.has(first)) return `I'm reaching out ${rest}.`;
  if (first === 'to') return `I'm reaching out ${rest}.`;
  if (first === 'about' || first === 'regarding') return `I'm reaching out ${rest}.`;
  if (ACTION_VERBS.has(first)) return `I'd like to ${rest}.`;
  if (first.endsWith('ing')) return `I'm reaching out about ${rest}.`;
  return `I wanted to tell you about ${rest}.`;
}
