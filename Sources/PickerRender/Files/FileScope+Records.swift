extension FileScope.Refusal {
    /// The reason in the words of a message about a record or a picture the tool found in a tree (not a spec's icon,
    /// image or font, whose messages say what the field must be).
    package var treeReason: String {
        switch self {
        case .outside(let root, .link): "a symbolic link on its path leads outside \(root), and nothing outside the tree is read"
        case .outside(let root, _): "it is outside \(root), and nothing outside the tree is read"
        case .notRegular: "not a regular file"
        case .tooLarge: "the file is over its size limit"
        case .unreadable(let reason): reason
        case .link: "a symbolic link is on its path, and none is followed here: replace it with the file or folder itself"
        }
    }
}
