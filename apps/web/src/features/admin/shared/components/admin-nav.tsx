import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import { Link as RouterLink } from '../../../../components/app-link';
import { sectionPath } from '../admin-paths';
import { SECTION_GROUP_LABELS, type AdminSection } from '../admin-sections';

export interface AdminNavProps {
  clientId: string;
  ruleId: string;
  sections: readonly AdminSection[];
  currentSegment: string | undefined;
  /** Called when a link is followed (the shell then closes the mobile drawer). */
  onNavigate?: () => void;
}

const DETAIL_PARENT: Record<string, string> = {
  providercontroleditprovider: 'providercontrol',
  patientdetails: 'patients',
};

/** The sections the role may open, as links grouped under headings; the current one is marked. */
export function AdminNav({ clientId, ruleId, sections, currentSegment, onNavigate }: AdminNavProps) {
  const { t, i18n } = useLingui();
  const current = currentSegment ? (DETAIL_PARENT[currentSegment] ?? currentSegment) : undefined;
  const groups = [...new Set(sections.map((section) => section.group))];
  if (sections.length === 0) {
    return (
      <List>
        <ListItemText sx={{ px: 2 }} primary={t`No sections are open to your role.`} />
      </List>
    );
  }
  return (
    <List component="div" sx={{ py: 1 }}>
      {groups.map((group) => (
        <Fragment key={group}>
          <ListSubheader
            component="h2"
            disableSticky
            sx={{ lineHeight: '36px', fontSize: '0.8rem', textTransform: 'uppercase' }}
          >
            {i18n._(SECTION_GROUP_LABELS[group])}
          </ListSubheader>
          <List component="ul" disablePadding aria-label={i18n._(SECTION_GROUP_LABELS[group])}>
            {sections
              .filter((section) => section.group === group)
              .map((section) => (
                <li key={section.segment}>
                  <ListItemButton
                    component={RouterLink}
                    to={sectionPath(clientId, ruleId, section.segment)}
                    selected={current === section.segment}
                    aria-current={current === section.segment ? 'page' : undefined}
                    onClick={onNavigate}
                  >
                    <ListItemText primary={i18n._(section.label)} />
                  </ListItemButton>
                </li>
              ))}
          </List>
        </Fragment>
      ))}
    </List>
  );
}
