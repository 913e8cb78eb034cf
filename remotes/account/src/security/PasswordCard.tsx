import { usePortal } from '@portal/platform';
import { Card } from '@portal/ui';
import type { ReactNode } from 'react';
import { ACCOUNT_PAGES } from '../account-paths.js';
import { NewPasswordForm } from '../password-recovery/NewPasswordForm.js';
import { sendToSecondFactor } from '../second-factor/step-up.js';

export function PasswordCard(): ReactNode {
  const { notify } = usePortal();
  return (
    <Card title="Password" description="Changing it signs out your other devices." headingLevel={2}>
      <NewPasswordForm
        label="Change your password"
        submitLabel="Change password"
        onDone={() => notify({ tone: 'success', title: 'Password changed', message: 'Your other devices were signed out.' })}
        onNeedsSecondFactor={() => sendToSecondFactor(ACCOUNT_PAGES.profile)}
      />
    </Card>
  );
}
