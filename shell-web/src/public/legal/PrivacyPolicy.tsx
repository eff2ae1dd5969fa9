import { LegalPage } from '../layout/LegalPage';
import { SUPPORT_EMAIL } from '../layout/AuthCard';

/** /privacy-policy: the privacy policy with its data deletion policy. */
export default function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy" effective="Including our data deletion policy">
      <p>
        This policy explains what personal data Autoscope collects when you use the Autoscope website and web
        application, why, how long we keep it, and how you can have it deleted.
      </p>

      <h2>1. Data we collect</h2>
      <ul>
        <li>
          <strong>Account data:</strong> your first and last name, e-mail address, gender, country, company name, job
          title, department and currency, and a securely hashed password.
        </li>
        <li>
          <strong>Social sign-in data:</strong> when you sign in with a social network, a search-engine account or a
          professional network, we receive your name, e-mail address and an account identifier from that provider. We
          never receive your password there.
        </li>
        <li>
          <strong>Service data:</strong> what you and your company enter or connect: processes, bots and their figures,
          support tickets, messages, calendar entries and files.
        </li>
        <li>
          <strong>Support data:</strong> the content of support tickets and the messages exchanged about them.
        </li>
        <li>
          <strong>Technical data:</strong> sign-in times, request logs and the address your requests come from, used to
          keep the service secure.
        </li>
      </ul>

      <h2>2. Why we use it</h2>
      <ul>
        <li>to create your account, sign you in and show you the modules your role allows;</li>
        <li>to run the service for your company and answer your support requests;</li>
        <li>to send you the e-mails the service needs, such as sign-up codes and password reset links;</li>
        <li>to protect the service against abuse and to meet our legal obligations.</li>
      </ul>
      <p>We do not sell personal data, and we do not use your service data for advertising.</p>

      <h2>3. Who we share it with</h2>
      <p>
        People of your own company see the data your company shares with them in the service. We use hosting and e-mail
        providers who process data only on our instructions. We disclose data to authorities only when the law requires
        it.
      </p>

      <h2>4. How long we keep it</h2>
      <ul>
        <li>Support data is removed within 90 days after the ticket is closed.</li>
        <li>Service data is removed within 30 days after the end of your contract.</li>
        <li>Account data is kept while your account exists, and removed as described below when it is closed.</li>
      </ul>

      <h2>5. Data deletion policy</h2>
      <p>
        You can ask us at any time to delete your personal data by writing to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> from the e-mail address of your account. This applies
        equally to data we received through a social sign-in.
      </p>
      <ul>
        <li>We answer every deletion request within seven business days.</li>
        <li>Your data is removed from our active systems within about two months of the request.</li>
        <li>
          Copies in our backups are removed within about four months, as the backups that hold them expire. Until then
          they are kept secure and are not used.
        </li>
      </ul>
      <p>
        We may keep data we are legally required to keep, such as invoices, for the period the law sets. If you signed
        in with a social provider, you can also remove Autoscope&apos;s access in that provider&apos;s settings.
      </p>

      <h2>6. Your rights</h2>
      <p>
        Depending on where you live, you may have the right to access, correct, export or delete your personal data, and
        to object to or restrict its use. Write to us to use these rights; you may also complain to your data protection
        authority.
      </p>

      <h2>7. Security</h2>
      <p>
        Passwords are stored only as strong one-way hashes, connections are encrypted, and access to company data is
        limited to the company it belongs to.
      </p>

      <h2>8. Children</h2>
      <p>
        The service is meant for professionals and is not aimed at children under 16. We do not knowingly collect data
        from them; if you believe we have, please tell us and we will delete it.
      </p>

      <h2>9. Changes</h2>
      <p>
        We will publish changes to this policy on this page and tell registered users of important changes by e-mail.
      </p>
    </LegalPage>
  );
}
