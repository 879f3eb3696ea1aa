/**
 * Inserts users, customers and links with everything they need, for the
 * demo seed and for tests. (The user and customer routes of later issues
 * validate input; these helpers trust their caller.)
 */
import { eq } from 'drizzle-orm';
import { GENERAL_USER_TYPE_ID } from '@sync/contract/modules';
import { hashPassword } from '@server/auth/passwords';
import type { Db, Tx } from '../client';
import { customerAddresses, customerContacts, customers, roles, userCustomers, users } from '../schema';

type Writer = Db | Tx;

export type NewUser = {
  name: string;
  username: string;
  email: string;
  password: string;
  /** Slug of the role (department); none for administrators. */
  roleSlug?: string | null;
  userTypeId?: number;
  phone?: string | null;
  position?: string | null;
  registrationCode?: string | null;
  /** Professional council (type, number, UF): a reviewer who approves samples. */
  council?: { type: string; number: string; uf: string } | null;
};

export async function insertUser(db: Writer, input: NewUser): Promise<number> {
  let roleId: number | null = null;
  if (input.roleSlug) {
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.slug, input.roleSlug));
    if (!role) throw new Error(`unknown role ${input.roleSlug}`);
    roleId = role.id;
  }
  const [row] = await db
    .insert(users)
    .values({
      name: input.name,
      username: input.username,
      email: input.email,
      password_hash: await hashPassword(input.password),
      user_type_id: input.userTypeId ?? GENERAL_USER_TYPE_ID,
      role_id: roleId,
      phone: input.phone ?? null,
      position: input.position ?? null,
      registration_code: input.registrationCode ?? null,
      council_type: input.council?.type ?? null,
      council_number: input.council?.number ?? null,
      council_uf: input.council?.uf ?? null,
    })
    .returning({ id: users.id });
  return row!.id;
}

export type NewAddress = {
  label?: string;
  zipcode?: string;
  street?: string;
  number?: string;
  address2?: string;
  district?: string;
  city?: string;
  state?: string;
};

export type NewCustomer = {
  name: string;
  type?: 'individual' | 'corporate';
  document?: string | null;
  email?: string | null;
  phone?: string | null;
  comment?: string | null;
  contact?: { name: string; email?: string | null; phone?: string | null };
  addresses?: NewAddress[];
};

export async function insertCustomer(db: Writer, input: NewCustomer): Promise<number> {
  const [row] = await db
    .insert(customers)
    .values({
      name: input.name,
      type: input.type ?? 'individual',
      document: input.document ?? null,
      email: input.email ?? null,
      phone: input.phone ?? null,
      comment: input.comment ?? null,
    })
    .returning({ id: customers.id });
  const customerId = row!.id;
  // An individual's contact is the person themself (spec: name, e-mail and phone are copied).
  const contact = input.contact ?? (input.type !== 'corporate' ? { name: input.name, email: input.email, phone: input.phone } : undefined);
  if (contact) {
    await db.insert(customerContacts).values({
      customer_id: customerId,
      name: contact.name,
      email: contact.email ?? null,
      phone: contact.phone ?? null,
    });
  }
  const addresses = input.addresses ?? [];
  if (addresses.length > 0) {
    await db.insert(customerAddresses).values(
      addresses.map((a, index) => ({
        customer_id: customerId,
        label: a.label ?? (index === 0 ? 'Endereço Principal' : 'Novo Endereço'),
        zipcode: a.zipcode ?? null,
        street: a.street ?? null,
        number: a.number ?? null,
        address2: a.address2 ?? null,
        district: a.district ?? null,
        city: a.city ?? null,
        state: a.state ?? null,
      })),
    );
  }
  return customerId;
}

export async function linkUserToCustomer(db: Writer, userId: number, customerId: number): Promise<void> {
  await db.insert(userCustomers).values({ user_id: userId, customer_id: customerId }).onConflictDoNothing();
}
