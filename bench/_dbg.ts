import { findMany } from '../src/server/features/finder/find-many';
import { createVerifier } from '../src/server/features/verification';
import { startFinderWorld } from '../tests/fakes/finder-world';
const world = await startFinderWorld({ domains: 220, peoplePerDomain: 5, seed: 2026, specialPeople: 12, commandMs: 10 });
const env = world.env();
const verifier = createVerifier({ dnsServers: [env.DNS_SERVERS], smtp: { allowPrivate: true, port: Number(env.SMTP_PORT), heloName: 'probe.test', mailFrom: 'bounce@probe.test' } });
const dom = process.argv[2];
const people = world.people.map((p, index) => ({ p, index })).filter(({ p }) => p.domain.startsWith(dom));
await findMany(people.map(({ p, index }) => ({ index, person: { firstName: p.firstName, lastName: p.lastName, company: p.domain } })), {
  verifier, tenant: 't', concurrency: 10, examples: async () => ({ examples: [], siteProblem: null }),
  onFound: (i, f) => console.log(world.people[i].firstName, world.people[i].lastName, world.people[i].address, '=>', f.answer.status, f.answer.email, f.answer.evidence.tried, f.asked?.addresses.join(' ')),
});
await verifier.close(); await world.close();
