/// <reference lib="dom" />
import type { RulesInput } from '../../game/contract.js';
import type { RegisteredGame } from '../../registry.js';
import { el } from './dom.js';

/** A game's rule settings as form fields (the play and advisor pages): one per rule flag, empty for the default. */
export interface RuleInputs {
  /** The labelled fields, named by the rule flags the CLI takes. */
  readonly labels: HTMLElement[];
  /** The settings given (players added), as the game's makeRules takes them. */
  rules(players: number): RulesInput;
  /** The settings given, keyed by flag, as text (the web server's api/advise query). */
  flags(): [flag: string, value: string][];
}

export function ruleInputs(game: RegisteredGame): RuleInputs {
  const fields = game.ruleOptions.map((o) => {
    const input =
      o.type === 'boolean'
        ? el('input', { attrs: { type: 'checkbox' } })
        : o.choices
          ? el('select', null, el('option', { attrs: { value: '' } }, 'default'), ...o.choices.map((c) => el('option', { attrs: { value: c } }, c)))
          : el('input', { attrs: { type: o.type === 'number' ? 'number' : 'text', placeholder: 'default', size: '6' } });
    input.setAttribute('data-rule', o.key);
    return { option: o, input };
  });
  /** Each field's value, or undefined when it is left at the default. */
  const given = () =>
    fields.flatMap(({ option: o, input }): [typeof o, string | number | boolean][] => {
      if (o.type === 'boolean') return (input as HTMLInputElement).checked ? [[o, true]] : [];
      const text = input.value.trim();
      return text === '' ? [] : [[o, o.type === 'number' ? Number(text) : text]];
    });
  return {
    labels: fields.map(({ option: o, input }) => el('label', { title: o.describe }, `${o.flag} `, input)),
    rules(players) {
      const input: RulesInput = { players };
      for (const [o, v] of given()) input[o.key] = v;
      return input;
    },
    flags: () => given().map(([o, v]) => [o.flag, String(v)]),
  };
}
