import { LegalPage } from '../layout/LegalPage';
import { SUPPORT_EMAIL } from '../layout/AuthCard';

/** /ServiceAggrement: the Community Edition agreement. */
export default function ServiceAgreement() {
  return (
    <LegalPage title="Community Edition Service Agreement" effective="Effective 1 June 2021">
      <p>
        This agreement is between Autoscope and you, the person or company that signs up for the Autoscope Community
        Edition (the &quot;Community Edition&quot;). By ticking the agreement box at sign-up you accept it.
      </p>

      <h2>1. Who may use the Community Edition</h2>
      <p>The Community Edition is free of charge for:</p>
      <ul>
        <li>
          <strong>a natural person</strong>, for their own use on one (1) machine; or
        </li>
        <li>
          <strong>a small business</strong>: an organisation with fewer than 250 machines, fewer than 250 users and an
          annual revenue below 5 million US dollars.
        </li>
      </ul>
      <p>Any other organisation needs a paid (enterprise) edition.</p>

      <h2>2. What is included</h2>
      <ul>
        <li>Up to 5 users.</li>
        <li>Up to 100 pages per month processed by the intelligent document processing bot feature.</li>
        <li>
          The modules of the Community Edition. Premium modules are shown but remain disabled until you upgrade to an
          enterprise edition.
        </li>
      </ul>

      <h2>3. Term</h2>
      <p>
        This agreement runs for 12 months from sign-up and renews for further 12-month periods unless you or we end it.
        You may end it at any time by closing your account.
      </p>

      <h2>4. Inactivity</h2>
      <p>
        If your account is not used for 90 days, we may end this agreement and delete your data. We will try to warn you
        by e-mail beforehand.
      </p>

      <h2>5. Fees</h2>
      <p>
        The Community Edition is free. Should we ever introduce a fee for it, we will give you at least 90 days&apos;
        notice before any fee applies, and you may end this agreement before then without cost.
      </p>

      <h2>6. Your obligations</h2>
      <ul>
        <li>Stay within the limits of sections 1 and 2, and upgrade when you no longer qualify.</li>
        <li>Keep your sign-in details secret and use the service lawfully.</li>
        <li>Do not resell, sublicense or offer the Community Edition as a service to others.</li>
      </ul>

      <h2>7. Your data</h2>
      <p>
        Your data remains yours. We process it only to provide the service, as described in our Privacy Policy,
        including its data deletion policy.
      </p>

      <h2>8. Support and availability</h2>
      <p>
        The Community Edition is offered with reasonable-effort support through the support ticket module and{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>, without a guaranteed level of service.
      </p>

      <h2>9. Limitation of liability</h2>
      <p>
        To the extent the law allows, each party&apos;s total liability under this agreement is limited to the greater
        of the fees you paid in the 12 months before the claim or 100 US dollars. Neither party is liable for indirect
        or consequential loss, such as lost profits or lost data, except where the law does not allow this to be
        excluded.
      </p>

      <h2>10. Ending the agreement</h2>
      <p>
        We may end this agreement if you breach it and do not remedy the breach within 30 days of our notice. When it
        ends, your right to use the Community Edition ends, and your data is deleted as our Privacy Policy describes.
      </p>

      <h2>11. Changes</h2>
      <p>
        We may change this agreement with notice to you by e-mail. If you do not accept a change, you may end the
        agreement before the change takes effect.
      </p>
    </LegalPage>
  );
}
