import PackagePlugin
@main struct ScaffoldFeature: CommandPlugin { func performCommand(context: PluginContext, arguments: [String]) async throws {} }
