import { compliance, type ReportExplanation } from '@chemtrack/domain';
import { Link } from '@tanstack/react-router';
import { lineLink } from './report-links.ts';

/** Where one figure came from: the rule it met and each inventory line's share. */
export function ReportExplanationView({
  explanation,
  details,
  inventoryId,
  name,
}: {
  explanation: ReportExplanation;
  details: string[];
  inventoryId: number;
  name: string;
}) {
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-800">
      <p>
        <span className="font-semibold">Rule: </span>
        {explanation.rule_text}
      </p>
      {explanation.contributions.length > 0 ? (
        <table className="w-full text-left text-sm" aria-label={`Contributing lines of ${name}`}>
          <thead className="text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Product
              </th>
              <th scope="col" className="py-1 pr-3">
                Location
              </th>
              <th scope="col" className="py-1 pr-3">
                Container
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Line pounds
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                % by weight
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Pounds contributed
              </th>
              <th scope="col" className="py-1">
                How the pounds were found
              </th>
            </tr>
          </thead>
          <tbody>
            {explanation.contributions.map((line) => (
              <tr key={`${line.inventory_product_id}-${line.percent_weight}`} className="border-t">
                <td className="py-1 pr-3">
                  <Link
                    {...lineLink(inventoryId, line.inventory_product_id)}
                    className="text-brand-700 underline"
                  >
                    {line.product_name}
                  </Link>
                </td>
                <td className="py-1 pr-3">{line.location_stored}</td>
                <td className="py-1 pr-3">{line.container}</td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {compliance.formatPounds(line.line_pounds)}
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {compliance.formatPercent(line.percent_weight)}%
                  {line.percent_range ? (
                    <span className="block text-xs text-slate-500">SDS {line.percent_range}</span>
                  ) : null}
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {compliance.formatPounds(line.pounds_contributed)}
                </td>
                <td className="py-1 text-slate-700">{line.pounds_basis}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {explanation.excluded.length > 0 ? (
        <div>
          <p className="font-medium">Left out</p>
          <ul className="list-disc pl-5">
            {explanation.excluded.map((line) => (
              <li key={`${line.inventory_product_id}-${line.reason}`}>
                <Link
                  {...lineLink(inventoryId, line.inventory_product_id)}
                  className="text-brand-700 underline"
                >
                  {line.product_name}
                </Link>
                : {line.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {[...details, ...explanation.notes].length > 0 ? (
        <ul className="list-disc pl-5 text-slate-700">
          {[...details, ...explanation.notes].map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
