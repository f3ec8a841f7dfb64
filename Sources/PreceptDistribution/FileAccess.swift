import Foundation
import Precept

/// Reading and writing whole files, with failures as `DistributionError.unavailable`.
enum FileAccess {
  static func read(_ path: String) throws(DistributionError) -> [UInt8] {
    switch SourceFile.readBytes(path) {
    case .success(let bytes): return bytes
    case .failure(let failure): throw .unavailable(location: path, reason: failure.reason)
    }
  }

  /// Writes through a temporary file in the same folder and a rename, so readers see the old
  /// content or the new one, never a mixture. Creates missing parent folders.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws(DistributionError) {
    let url = URL(fileURLWithPath: path)
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url, options: .atomic)
    } catch {
      throw .unavailable(location: path, reason: "cannot be written (\(error.localizedDescription))")
    }
  }

  /// Whether `path` is a regular file (following symbolic links).
  static func isRegularFile(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
  }

  /// The absolute path with every symbolic link, `.` and `..` resolved, or nil if it does
  /// not exist.
  static func realPath(_ path: String) -> String? {
    #if canImport(Glibc) || canImport(Darwin) || canImport(Musl)
      guard let resolved = realpath(path, nil) else { return nil }
      defer { free(resolved) }
      return String(cString: resolved)
    #else
      guard exists(path) else { return nil }
      return URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    #endif
  }

  /// Reads `file` (a checked relative path) of the folder `root`, refusing it unless its real
  /// path lies inside the real path of `root`: a symbolic link in a registry must not lead
  /// out of it.
  static func readContained(_ file: String, in root: String) throws(DistributionError) -> [UInt8] {
    let path = join(root, file)
    guard let realRoot = realPath(root) else { throw .unavailable(location: path, reason: "no such file") }
    guard let realFile = realPath(path) else { return try read(path) }
    let prefix = realRoot.hasSuffix("/") ? realRoot : realRoot + "/"
    guard realFile.hasPrefix(prefix) else {
      throw .unavailable(
        location: path, reason: "leads out of the registry \(root) (through a symbolic link); it is not read")
    }
    return try read(realFile)
  }

  static func createFolder(_ path: String) throws(DistributionError) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw .unavailable(location: path, reason: "cannot be created (\(error.localizedDescription))")
    }
  }

  static func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }

  /// `path` joined to `directory` unless it is absolute.
  static func resolve(_ path: String, relativeTo directory: String) -> String {
    path.hasPrefix("/") ? path : join(directory, path)
  }

  static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}

extension LockFile {
  /// Reads the lock file at `path`.
  public static func read(path: String) throws(DistributionError) -> LockFile {
    let source = SourceFile(name: path, bytes: try FileAccess.read(path))
    do {
      return try LockFile.read(source)
    } catch {
      throw .invalidDocument(error)
    }
  }

  /// Writes the lock file to `path` atomically.
  public func write(to path: String) throws(DistributionError) {
    try FileAccess.writeAtomically(Array(serialized().utf8), to: path)
  }
}

/// An exclusive advisory lock on a folder (`flock` on the folder itself, so no lock file is
/// left behind), held until `unlock()`. `precept add`/`install` take it on the project folder
/// and `publish` on the registry folder, so concurrent runs take turns instead of losing
/// each other's updates; whoever holds it re-reads the files before changing them. Where
/// `flock` is not available the lock is a no-op.
package final class FolderLock {
  private var descriptor: Int32 = -1

  /// Blocks until the lock on `folder` (which must exist) is held.
  package init(_ folder: String) throws(DistributionError) {
    #if canImport(Glibc) || canImport(Darwin) || canImport(Musl)
      let fd = open(folder, O_RDONLY)
      guard fd >= 0 else {
        throw .unavailable(
          location: folder, reason: "cannot be opened to lock it (\(String(cString: strerror(errno))))")
      }
      while flock(fd, LOCK_EX) != 0 {
        if errno == EINTR { continue }
        let reason = String(cString: strerror(errno))
        close(fd)
        throw .unavailable(location: folder, reason: "cannot be locked (\(reason))")
      }
      descriptor = fd
    #endif
  }

  package func unlock() {
    #if canImport(Glibc) || canImport(Darwin) || canImport(Musl)
      if descriptor >= 0 {
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
      }
    #endif
  }

  deinit { unlock() }
}
