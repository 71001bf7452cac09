import { isTravelTeam } from '@naav/schemas/roles';
import type { Actor, AgentTwoFactorPolicy } from '../../context';
import { hasSecondFactor, type SignInMeans } from '../../lib/second-factor';
import type { Me } from './me.schemas';

/** "Alex Morgan" → "AM"; "cher" → "C"; falls back to the e-mail's first letter. */
export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  const initials = letters
    .map((w) => [...(w ?? '')][0] ?? '')
    .join('')
    .toUpperCase();
  return initials || (email[0] ?? '?').toUpperCase();
}

export function describeMe(actor: Actor, agentTwoFactor: AgentTwoFactorPolicy, means: SignInMeans): Me {
  const twoFactorEnabled = actor.twoFactorEnabled === true;
  return {
    id: actor.id,
    name: actor.name,
    email: actor.email,
    role: actor.role,
    initials: initialsOf(actor.name, actor.email),
    emailVerified: actor.emailVerified === true,
    twoFactorEnabled,
    hasPassword: means.password,
    twoFactorRequired: isTravelTeam(actor.role) && agentTwoFactor === 'required' && !hasSecondFactor(actor, means),
  };
}
