import HealthCLI

await HealthCommand.runAsRoot()
