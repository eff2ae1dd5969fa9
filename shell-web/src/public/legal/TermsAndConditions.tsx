import { Link } from 'react-router';
import { LegalPage } from '../layout/LegalPage';
import { SUPPORT_EMAIL } from '../layout/AuthCard';

/** /terms-and-conditions: the website terms of use. */
export default function TermsAndConditions() {
  return (
    <LegalPage title="Terms and Conditions" effective="Website terms of use">
      <p>
        These terms govern your use of the Autoscope website and web application (the &quot;Site&quot;). By opening the
        Site, creating an account or signing in, you accept them. If you do not accept them, please do not use the Site.
      </p>

      <h2>1. Who may use the Site</h2>
      <p>
        The Site is meant for staff of companies that automate their work with software robots. You must be at least 16
        years old and able to enter into a binding agreement. If you use the Site on behalf of a company, you confirm
        that you may bind that company to these terms.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>Give true and current details when you sign up, and keep them up to date in your profile.</li>
        <li>Keep your password secret and do not share your account. You are responsible for what happens under it.</li>
        <li>Tell us at once if you believe someone else has used your account.</li>
        <li>
          When you sign in with a social network, a search-engine account or a professional network, that
          provider&apos;s own terms also apply to that sign-in.
        </li>
      </ul>

      <h2>3. The software you use through the Site</h2>
      <p>
        Use of the Autoscope Community Edition is governed by the{' '}
        <Link to="/ServiceAggrement">Community Edition Service Agreement</Link>. Paid editions are governed by the
        agreement signed for them. If these terms and such an agreement differ, the agreement prevails.
      </p>

      <h2>4. Acceptable use</h2>
      <p>You agree not to:</p>
      <ul>
        <li>break the law, or infringe the rights of others, through the Site;</li>
        <li>try to reach data, accounts or systems you have not been given access to;</li>
        <li>probe, scan or load the Site in a way that harms its operation or other users;</li>
        <li>upload malicious code, or content you have no right to share;</li>
        <li>copy, resell or reverse engineer the Site, except where the law expressly allows it.</li>
      </ul>

      <h2>5. Your content</h2>
      <p>
        Data you and your company put into the Site (processes, tickets, bot figures, messages and files) stays yours.
        You give us the right to store and process it only to run the Site for you, as described in our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>

      <h2>6. Our content</h2>
      <p>
        The Site, its design, text, graphics and software belong to Autoscope or its licensors and are protected by
        copyright and other laws. These terms give you no rights in them beyond using the Site as intended.
      </p>

      <h2>7. Availability and changes</h2>
      <p>
        We work to keep the Site available and secure but cannot promise it will always be free of interruptions or
        errors. We may change, suspend or end features of the Site. We may update these terms; the version on this page
        applies, and we will tell registered users of important changes.
      </p>

      <h2>8. Suspension and ending</h2>
      <p>
        You may stop using the Site at any time and ask us to delete your account. We may suspend or close an account
        that breaks these terms or puts the Site or other users at risk.
      </p>

      <h2>9. Disclaimer and liability</h2>
      <p>
        Dashboards and figures shown on the Site are for information; decisions based on them remain yours. To the
        extent the law allows, the Site is provided &quot;as is&quot;, and our liability is limited as set out in the
        agreement for the edition you use. Nothing in these terms limits liability that cannot be limited by law.
      </p>

      <h2>10. Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </LegalPage>
  );
}
