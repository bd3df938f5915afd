import { Trans } from '@lingui/react/macro';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { fetchInsuranceControlData } from './insurance-api';

type InsuranceControlData = Awaited<ReturnType<typeof fetchInsuranceControlData>>;

/** The plans ranked as top packages, in rank order. */
export function TopPackages({ data }: { data: InsuranceControlData }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="top-packages" sx={{ p: 2 }}>
      <Typography id="top-packages" variant="h6" component="h2" gutterBottom>
        <Trans>Top packages</Trans>
      </Typography>
      {data.topPackages.length === 0 ? (
        <Typography color="text.secondary">
          <Trans>No plan is ranked as a top package. Set a rank on a plan to list it here.</Trans>
        </Typography>
      ) : (
        <ol>
          {[...data.topPackages]
            .sort((a, b) => a.rank - b.rank)
            .map((pkg) => (
              <li key={pkg.planId}>
                {data.carriers.find((carrier) => carrier.carrierId === pkg.carrierId)?.name ?? ''} {pkg.name}
              </li>
            ))}
        </ol>
      )}
    </Paper>
  );
}
