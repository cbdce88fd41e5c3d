# powershell completion for agnt. Generated from the command tree by `agnt completion powershell`
# (npm run build writes completions/); do not edit by hand.
# Install: agnt completion powershell | Out-String | Invoke-Expression   # in $PROFILE
# Ids are listed by `agnt __complete`, from the active profile's server (cached for a minute).

Register-ArgumentCompleter -Native -CommandName agnt -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    # The words after `agnt` up to the cursor, the one being typed last ('' when it is empty).
    $words = @($commandAst.CommandElements | Select-Object -Skip 1 |
        Where-Object { $_.Extent.StartOffset -lt $cursorPosition } |
        ForEach-Object { $_.Extent.Text })
    if ($wordToComplete -eq '') { $words += '__agnt_empty_word__' }
    $lines = @(& agnt __complete -- @words 2>$null)
    foreach ($line in $lines) {
        if (-not $line) { continue }
        $parts = $line -split "`t", 2
        $value = $parts[0]
        $tip = if ($parts.Count -gt 1 -and $parts[1]) { $parts[1] } else { $value }
        $type = if ($value.StartsWith('-')) { 'ParameterName' } else { 'ParameterValue' }
        [System.Management.Automation.CompletionResult]::new($value, $value, $type, $tip)
    }
}
