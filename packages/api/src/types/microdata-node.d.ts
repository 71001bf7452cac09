// microdata-node ships no types; only the part we call is declared.
declare module 'microdata-node' {
  export interface MicrodataItem {
    type?: string[];
    id?: string;
    properties: Record<string, (string | MicrodataItem)[]>;
  }
  export function toJson(html: string, config?: { base?: string; strict?: boolean }): { items: MicrodataItem[] };
  const microdata: { toJson: typeof toJson };
  export default microdata;
}
