// The shells `agnt completion` writes a script for, and the file each is installed as in
// completions/. Apart from the generators (scripts.ts) so that declaring the command costs nothing.
export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;
export type Shell = (typeof SHELLS)[number];

export const SCRIPT_FILES: Record<Shell, string> = { bash: 'agnt.bash', zsh: '_agnt', fish: 'agnt.fish', powershell: 'agnt.ps1' };

/**
 * Windows PowerShell 5.1 drops an empty argument when it starts a program, so its script passes
 * this word for "the word being typed is empty"; `agnt __complete` reads it back as ''.
 */
export const EMPTY_WORD = '__agnt_empty_word__';
