import { Tabs } from '@mantine/core';
import { IconAlertTriangle, IconFingerprint, IconRuler } from '@tabler/icons-react';
import { usePageTitle } from '@autoscope/web-sdk';

import { useOpenParam, useUrlState } from '@common/lib/listHooks';
import { usePeople } from '@common/lib/queries';
import { useNow } from '@common/lib/useNow';
import { useDialog } from '@common/ui/dialogs';
import { useLiveIncidents } from './api';
import { DeleteRule } from './components/DeleteRule';
import { IncidentDrawer } from './components/IncidentDrawer';
import { IncidentsTab } from './components/IncidentsTab';
import { RuleForm } from './components/RuleForm';
import { RulesTab } from './components/RulesTab';
import { SignaturesTab } from './components/SignaturesTab';
import type { Rule } from './generated';
import { INCIDENT_PARAM, statusFromParams, tabFromParams, withStatus, withTab, type Tab } from './urlState';
import classes from './AlertsPage.module.css';

/** Alerts (/Alerts): the incidents rules open, the rules, and the failure signatures. */
export default function AlertsPage() {
  const [tab, setTab] = useUrlState(tabFromParams, withTab);
  const [status, setStatus] = useUrlState(statusFromParams, withStatus);
  const drawer = useOpenParam(INCIDENT_PARAM);
  const now = useNow();
  const people = usePeople();
  const ruleForm = useDialog<Rule | null>();
  const deletion = useDialog<Rule>();

  useLiveIncidents();

  usePageTitle({
    heading: 'Alerts',
    breadcrumb: ['Alerts'],
    buttons:
      tab === 'rules' ? [{ label: 'New rule', icon: 'plus', kind: 'primary', onClick: () => ruleForm.open(null) }] : [],
  });

  return (
    <div className={classes.page} data-testid="alerts-page">
      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="incidents" leftSection={<IconAlertTriangle size={16} />}>
            Incidents
          </Tabs.Tab>
          <Tabs.Tab value="rules" leftSection={<IconRuler size={16} />}>
            Rules
          </Tabs.Tab>
          <Tabs.Tab value="signatures" leftSection={<IconFingerprint size={16} />}>
            Failure signatures
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="incidents" pt="md">
          <IncidentsTab status={status} onStatus={setStatus} people={people.byId} now={now} onOpen={drawer.open} />
        </Tabs.Panel>
        <Tabs.Panel value="rules" pt="md">
          <RulesTab
            now={now}
            onNew={() => ruleForm.open(null)}
            onEdit={(rule) => ruleForm.open(rule)}
            onDelete={(rule) => deletion.open(rule)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="signatures" pt="md">
          <SignaturesTab now={now} />
        </Tabs.Panel>
      </Tabs>
      <IncidentDrawer
        opened={drawer.openId !== null}
        incidentId={drawer.shownId}
        people={people.byId}
        now={now}
        onClose={drawer.close}
      />
      <RuleForm key={`rule:${ruleForm.key}`} opened={ruleForm.opened} onClose={ruleForm.close} rule={ruleForm.target} />
      <DeleteRule key={`delete:${deletion.key}`} {...deletion.props} rule={deletion.target} />
    </div>
  );
}
