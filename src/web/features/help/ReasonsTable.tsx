import { ScrollRegion } from '../../ui/scroll-region';
import { REASON_HELP } from './reasons';

/** Every reason a row can carry: its words on screen, its verdict, what it means and its code in exports. */
export function ReasonsTable() {
  return (
    <ScrollRegion label="Reasons table" className="overflow-x-auto rounded-lg border">
      <table className="w-full text-left text-sm">
        <thead className="bg-muted/60 text-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Reason
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Verdict
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              What it means
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Code
            </th>
          </tr>
        </thead>
        <tbody>
          {REASON_HELP.map((r) => (
            <tr key={r.code} className="border-t align-top">
              <td className="px-3 py-2 font-medium text-foreground">{r.label}</td>
              <td className="px-3 py-2">{r.verdict}</td>
              <td className="px-3 py-2">{r.meaning}</td>
              <td className="px-3 py-2">
                <code>{r.code}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
