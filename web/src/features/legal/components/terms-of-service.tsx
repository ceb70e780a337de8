import { BRAND_NAME, MIN_AGE_ACCOUNT, MIN_AGE_FINANCIAL } from '@floorfill/shared';
import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LegalDocument, LegalSection } from './legal-document';

export function TermsOfService() {
  return (
    <LegalDocument title="Terms of Service" updated="1 June 2025">
      <Text>
        These terms govern your use of {BRAND_NAME}, a service that lets hosts (DJs and event
        organisers) run events and lets attendees join them, request songs, tip the host and rate
        the host. By creating an account, logging in as a guest or otherwise using {BRAND_NAME} you
        agree to these terms and to our{' '}
        <Anchor component={Link} to={paths.legal.privacy.getHref()} inherit>
          Privacy Policy
        </Anchor>
        .
      </Text>

      <LegalSection heading="1. Who may use the service">
        <Text>
          You must be at least {MIN_AGE_ACCOUNT} years old to use {BRAND_NAME}. You must be at least{' '}
          {MIN_AGE_FINANCIAL} years old to use any financial feature, including sending tips,
          connecting a payment account or receiving payouts. You are responsible for the accuracy of
          the details you give us and for keeping your password secret.
        </Text>
      </LegalSection>

      <LegalSection heading="2. Accounts, roles and guests">
        <Text>
          One account can act as a host or as an attendee and switch between the two. Guests may
          view an event page and a host profile without registering; a guest&apos;s data is deleted
          when the guest logs out. We may suspend or close accounts that break these terms.
        </Text>
      </LegalSection>

      <LegalSection heading="3. Song requests">
        <Text>
          A song request is a suggestion to the host, not a promise that the song will be played.
          Hosts decide what they play, may mark requests as played and may delete any request at
          their event.
        </Text>
      </LegalSection>

      <LegalSection heading="4. Tips and payments">
        <Text>
          Tips are voluntary payments from an attendee to a host. Payments are processed by Stripe;
          by paying or by connecting a Stripe account you also accept Stripe&apos;s terms.{' '}
          {BRAND_NAME} never sees or stores your full card number or security code. Tips are final
          once paid, except where the law requires a refund. Hosts are responsible for any taxes on
          the money they receive.
        </Text>
      </LegalSection>

      <LegalSection heading="5. Giveaways and premium features">
        <Text>
          Hosts may run giveaways at their events, and we may offer premium features. Any giveaway
          is run by the host who announces it, under that host&apos;s own rules and the law of the
          place where it is held; {BRAND_NAME} is not the sponsor of a host&apos;s giveaway. Premium
          features, their price and what they include are described before you buy them, and you may
          cancel them at any time with effect from the end of the period already paid.
        </Text>
      </LegalSection>

      <LegalSection heading="6. Conduct">
        <Text>When you use {BRAND_NAME} you agree not to:</Text>
        <List spacing={4}>
          <List.Item>
            harass, threaten or impersonate anyone, including hosts and attendees;
          </List.Item>
          <List.Item>
            post unlawful, hateful or sexually explicit content in profiles, reviews or links;
          </List.Item>
          <List.Item>flood an event with requests or try to manipulate ratings;</List.Item>
          <List.Item>
            probe, overload or break the service, or access accounts or data that are not yours.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection heading="7. Host responsibilities">
        <Text>
          Hosts are responsible for their events: the accuracy of event details, holding any
          licences needed to play music in public, the safety of their venue, honest handling of
          requests, reviews and tips, and any giveaway they run. Hosts must keep their payment
          account details up to date.
        </Text>
      </LegalSection>

      <LegalSection heading="8. Liability">
        <Text>
          {BRAND_NAME} is provided as is. To the extent the law allows, we are not liable for the
          conduct of hosts or attendees, for events themselves, or for indirect losses. Nothing in
          these terms limits rights you have as a consumer that cannot be limited by contract.
        </Text>
      </LegalSection>

      <LegalSection heading="9. Changes and contact">
        <Text>
          We may update these terms; we will show the new date above and, for important changes,
          tell you in the app. Questions about these terms: legal@floorfill.app.
        </Text>
      </LegalSection>
    </LegalDocument>
  );
}
