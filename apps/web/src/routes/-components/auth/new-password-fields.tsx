import { type AnyFormApi, useStore } from '@tanstack/react-form';
import { withFieldGroup } from '~/components/form';
import { maxPasswordLength, minPasswordLength } from '~/lib/session';

/** A new password typed twice, as a form holds it. */
type NewPassword = { password: string; repeat: string };

/**
 * The new password and the same again (accepting an invitation, choosing a new password after a
 * reset link): `label` names the first field, "… again" the second.
 */
export const NewPasswordFields = withFieldGroup({
  defaultValues: { password: '', repeat: '' } as NewPassword,
  props: { label: 'Password' },
  render: function Render({ group, label }) {
    return (
      <>
        <group.AppField name="password">
          {(field) => (
            <field.TextField
              label={label}
              type="password"
              autoComplete="new-password"
              required
              minLength={minPasswordLength}
              maxLength={maxPasswordLength}
            />
          )}
        </group.AppField>
        <group.AppField name="repeat">
          {(field) => (
            <field.TextField
              label={`${label} again`}
              type="password"
              autoComplete="new-password"
              required
              maxLength={maxPasswordLength}
            />
          )}
        </group.AppField>
      </>
    );
  },
});

/** The form's own check, after the server's rules for the password: both fields hold the same. */
export const passwordsDiffer = (value: NewPassword): string | undefined =>
  value.password !== value.repeat ? 'The two passwords are not the same' : undefined;

/** The form-level message (the passwords differ), shown above the submit button. */
export const useFormLevelError = (form: { store: AnyFormApi['store'] }): string | null =>
  useStore(form.store, (state) => (typeof state.errorMap.onSubmit === 'string' ? state.errorMap.onSubmit : null));
