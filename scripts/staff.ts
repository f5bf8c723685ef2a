// Manages who may use the workspace: `npm run staff -- <command>`. Uses DATA_DIR / DATABASE_URL
// like the server. The invitation link is printed for the operator (and e-mailed when SMTP_URL
// is set); nothing here is logged.
import { argsOrExit, envOrExit, exit, openDatabaseOrExit, warnIfLinksGuessed } from "./cli.ts";

const usage = `Usage: npm run staff -- <command>

  list                                 everyone who may sign in, with their role and passkeys
  invite EMAIL [--role admin|member]   prints a one-time link (24 hours) to create a passkey;
                                       the first person invited is an admin; inviting someone
                                       again (a lost passkey) keeps their role unless --role
  remove EMAIL                         removes the person; their sessions end at once
  role EMAIL admin|member              changes what the person may do`;

const { positionals, values } = argsOrExit({ role: { type: "string" }, help: { type: "boolean", short: "h" } }, usage);

const [command, email, roleArgument] = positionals;
if (values.help || !command) exit(usage, values.help ? 0 : 2);
if (!["list", "invite", "remove", "role"].includes(command))
  exit(`Unknown command ${JSON.stringify(command)}\n\n${usage}`);

const env = envOrExit();
// Loaded once the configuration is known to be good (scripts/cli.ts says why).
const { sendInvitation } = await import("#app/workspace/people/invitation-mail.server.ts");
const { inviteStaff, listStaff, removeStaff, setStaffRole } = await import("#app/workspace/people/staff.server.ts");
const { staffRoles } = await import("#app/workspace/people/staff-rules.ts");
const isRole = (value: unknown): value is (typeof staffRoles)[number] =>
  staffRoles.includes(value as (typeof staffRoles)[number]);
const needsEmail = () => {
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) exit(`${command} needs an e-mail address\n\n${usage}`);
  return email;
};

const { db } = await openDatabaseOrExit(env);
// The command line acts for the operator, who is not a workspace user.
const actor = null;
try {
  switch (command) {
    case "list": {
      const people = await listStaff(db);
      if (people.length === 0)
        console.log("Nobody yet. Invite the first admin: npm run staff -- invite you@company.example");
      else console.log(["E-MAIL", "ROLE", "PASSKEYS", "SINCE"].join("\t"));
      for (const person of people)
        console.log([person.email, person.role, person.passkeys, person.createdAt.slice(0, 10)].join("\t"));
      break;
    }
    case "invite": {
      const address = needsEmail();
      if (values.role !== undefined && !isRole(values.role)) exit(`--role must be admin or member\n\n${usage}`);
      const invitation = await inviteStaff(db, { email: address, role: values.role, actor });
      warnIfLinksGuessed(env);
      const { link, mailed } = await sendInvitation(db, invitation, {
        siteUrl: env.SITE_URL,
        mail: Boolean(env.SMTP_URL),
      });
      const { staff, expiresAt } = invitation;
      console.log(
        `Invitation for ${staff.email} (${staff.role}), valid until ${expiresAt.toISOString()}:\n\n  ${link}\n`,
      );
      if (mailed) {
        console.log("It is also on its way by e-mail (a running server sends it).");
      } else {
        console.log("Send it to them yourself: without SMTP_URL no e-mail goes out.");
      }
      break;
    }
    case "remove": {
      const address = needsEmail();
      const removed = await removeStaff(db, address, actor);
      if (removed === "not-found") exit(`Nobody with the address ${address}.`, 1);
      if (removed === "last-admin")
        exit(
          `${address} stays: no other admin can sign in (with a passkey or the company account). Make someone who can an admin first.`,
          1,
        );
      console.log(`Removed ${address}; their passkeys and sessions are gone.`);
      break;
    }
    case "role": {
      const address = needsEmail();
      if (!isRole(roleArgument)) exit(`role needs admin or member\n\n${usage}`);
      const changed = await setStaffRole(db, address, roleArgument, actor);
      if (changed === "not-found") exit(`Nobody with the address ${address}.`, 1);
      if (changed === "last-admin")
        exit(
          `${address} stays an admin: no other admin can sign in (with a passkey or the company account). Make someone who can an admin first.`,
          1,
        );
      console.log(`${address} is now ${roleArgument === "admin" ? "an admin" : "a member"}.`);
      break;
    }
    default:
      exit(`Unknown command ${JSON.stringify(command)}\n\n${usage}`);
  }
} finally {
  await db.destroy();
}
