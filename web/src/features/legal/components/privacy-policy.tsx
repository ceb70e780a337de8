import { BRAND_NAME, MIN_AGE_ACCOUNT } from '@floorfill/shared';
import { List, Text } from '@mantine/core';
import { LegalDocument, LegalSection } from './legal-document';

export function PrivacyPolicy() {
  return (
    <LegalDocument title="Privacy Policy" updated="1 June 2025">
      <Text>
        This policy explains what {BRAND_NAME} collects when you use it, why, and what you can do
        about it.
      </Text>

      <LegalSection heading="1. What we collect">
        <List spacing={4}>
          <List.Item>
            Account details: name, display name, email address, password (stored only as a secure
            hash) and, if you give it, your phone number.
          </List.Item>
          <List.Item>
            Profile details you choose to add: profile and cover images, bio, date of birth, gender,
            address and social links.
          </List.Item>
          <List.Item>
            Activity: events you host or join, song requests, ratings and reviews, and tips sent or
            received (amount, date and the Stripe payment reference).
          </List.Item>
          <List.Item>
            Technical data: a session cookie that keeps you logged in, and server logs (IP address,
            time, page requested) kept for security.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection heading="2. Payments">
        <Text>
          Tips are paid through Stripe Checkout, on Stripe&apos;s own payment page. We never receive
          or store your card number or security code; at most we keep the card brand, its last four
          digits and expiry date to show you which card was used. Hosts who connect a Stripe account
          share their Stripe account identifier with us so tips can reach them.
        </Text>
      </LegalSection>

      <LegalSection heading="3. How we use it">
        <Text>
          To run the service (accounts, events, requests, tips and ratings), to email you codes and
          notices you asked for, to keep the service secure and to meet legal duties. We do not sell
          your data and do not use it for third-party advertising.
        </Text>
      </LegalSection>

      <LegalSection heading="4. Who sees what">
        <Text>
          Hosts see the display names of attendees who join their events and request songs.
          Attendees see hosts&apos; public profiles, ratings and reviews. We share data with service
          providers that run parts of {BRAND_NAME} for us (hosting, email, Stripe for payments),
          only as needed for that job.
        </Text>
      </LegalSection>

      <LegalSection heading="5. Children">
        <Text>
          {BRAND_NAME} is not for children under {MIN_AGE_ACCOUNT}. We do not knowingly collect data
          from anyone under {MIN_AGE_ACCOUNT}; if we learn that we have, we delete it.
        </Text>
      </LegalSection>

      <LegalSection heading="6. Keeping and deleting data">
        <Text>
          We keep your data while your account is open. You can ask us to delete your account and
          its data at any time; we then delete it, except records we must keep by law (for example
          payment records). Guest data is removed when the guest logs out.
        </Text>
      </LegalSection>

      <LegalSection heading="7. Your rights and contact">
        <Text>
          You can see and correct your details in Settings, and ask us for a copy of your data, its
          deletion, or to stop a use you object to. Write to privacy@floorfill.app; we answer within
          30 days.
        </Text>
      </LegalSection>
    </LegalDocument>
  );
}
