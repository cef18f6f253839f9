import type { ImportResult } from '../../../shared/suppressions';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';

/** Control characters spelled out (`\t`, `\r`, `\u0001`): a refused cell is shown as the file has it. */
export function visibleCell(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}]/gu, (c) => {
    if (c === '\t') return '\\t';
    if (c === '\r') return '\\r';
    if (c === '\n') return '\\n';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * The rows of an import that were not added because the manual add would refuse their address: how many,
 * and the first few with their row and reason, so the file can be fixed. Stays until the next import.
 */
export function ImportRefusals({ result }: { result: ImportResult | undefined }) {
  if (!result?.refused) return null;
  const more = result.refused - result.refusedRows.length;
  return (
    <Alert variant="warning" role="status" data-testid="suppression-import-refused">
      <AlertTitle>
        {result.refused === 1 ? '1 row was not added' : `${result.refused} rows were not added`}
      </AlertTitle>
      <AlertDescription>
        <p>Their address is not one the list takes (the same rule as adding by hand):</p>
        <ul className="mt-1 list-disc pl-5">
          {result.refusedRows.map((r) => (
            <li key={r.row}>
              Row {r.row}: <code className="break-all">{visibleCell(r.value)}</code> ({r.reason})
            </li>
          ))}
        </ul>
        {more > 0 && <p className="mt-1">…and {more} more.</p>}
      </AlertDescription>
    </Alert>
  );
}
