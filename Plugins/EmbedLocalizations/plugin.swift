import Foundation
import PackagePlugin

/// Generates `EmbeddedResources.swift` (the files' bytes) and `TextKeys.swift` (`TextKey`, `PluralKey`
/// and the typed texts, docs/texts.md) from the package's top-level `Resources/*.lproj` files.
@main
struct EmbedLocalizations: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let resources = context.package.directoryURL.appending(path: "Resources")
    let fileManager = FileManager.default
    var inputs: [URL] = []
    for folder in try fileManager.contentsOfDirectory(atPath: resources.path).sorted()
    where folder.hasSuffix(".lproj") {
      let directory = resources.appending(path: folder)
      for file in try fileManager.contentsOfDirectory(atPath: directory.path).sorted()
      where file.hasPrefix("Localizable.") {
        inputs.append(directory.appending(path: file))
      }
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
    let keys = context.pluginWorkDirectoryURL.appending(path: "TextKeys.swift")
    return [
      .buildCommand(
        displayName: "Embedding Resources/*.lproj into \(target.name)",
        executable: try context.tool(named: "ResourceEmbedder").url,
        arguments: [resources.path, output.path, keys.path],
        inputFiles: inputs,
        outputFiles: [output, keys])
    ]
  }
}
