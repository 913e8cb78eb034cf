export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "14.1"
  }
  portal_deploy_api: {
    Tables: {
      [_ in never]: never
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      accept_release: {
        Args: { p_environment: string; p_remote: string; p_version: string }
        Returns: Json
      }
      add_member: {
        Args: { p_team: string; p_email: string }
        Returns: Json
      }
      add_platform_owner: {
        Args: { p_email: string }
        Returns: Json
      }
      add_remote: {
        Args: { p_name: string; p_team: string; p_route?: string }
        Returns: Json
      }
      assign_remote: {
        Args: { p_name: string; p_team: string }
        Returns: Json
      }
      attach_credential_user: {
        Args: { p_credential: string; p_user: string }
        Returns: undefined
      }
      audit_log: {
        Args: { p_environment?: string; p_remote?: string; p_limit?: number }
        Returns: Json
      }
      begin_credential: {
        Args: { p_team: string; p_name: string }
        Returns: string
      }
      commit_revision: {
        Args: { p_environment: string; p_revision: number; p_registry: Json; p_history: Json; p_action: string; p_note?: string }
        Returns: Json
      }
      create_environment: {
        Args: { p_name: string; p_shell_contract: string }
        Returns: Json
      }
      create_team: {
        Args: { p_name: string; p_title?: string }
        Returns: Json
      }
      environment: {
        Args: { p_environment: string }
        Returns: Json
      }
      newest_revision: {
        Args: { p_environment: string }
        Returns: Json
      }
      overview: {
        Args: Record<PropertyKey, never>
        Returns: Json
      }
      record_release: {
        Args: { p_environment: string; p_remote: string; p_version: string; p_integrity: string; p_contract: string; p_contract_major: number; p_meta: Json }
        Returns: Json
      }
      registry_document: {
        Args: { p_environment: string }
        Returns: Json
      }
      releases: {
        Args: { p_environment: string; p_remote?: string }
        Returns: Json
      }
      remove_member: {
        Args: { p_team: string; p_email: string }
        Returns: Json
      }
      revoke_credential: {
        Args: { p_team: string; p_name: string }
        Returns: Json
      }
      route_remote: {
        Args: { p_name: string; p_route: string }
        Returns: Json
      }
      whoami: {
        Args: Record<PropertyKey, never>
        Returns: Json
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
  public: {
    Tables: {
      announcements: {
        Row: {
          body: string
          id: number
          published_at: string
          title: string
        }
        Insert: {
          body: string
          id?: never
          published_at?: string
          title: string
        }
        Update: {
          body?: string
          id?: never
          published_at?: string
          title?: string
        }
        Relationships: []
      }
      file_shares: {
        Row: {
          bucket_id: string
          created_at: string
          created_by: string
          expires_at: string | null
          id: string
          object_id: string
          revoked_at: string | null
          revoked_by: string | null
        }
        Insert: {
          bucket_id: string
          created_at?: string
          created_by?: string
          expires_at?: string | null
          id?: string
          object_id: string
          revoked_at?: string | null
          revoked_by?: string | null
        }
        Update: {
          bucket_id?: string
          created_at?: string
          created_by?: string
          expires_at?: string | null
          id?: string
          object_id?: string
          revoked_at?: string | null
          revoked_by?: string | null
        }
        Relationships: []
      }
      membership_changes: {
        Row: {
          changed_at: string
          id: number
          project_id: number
          user_id: string
        }
        Insert: {
          changed_at?: string
          id?: never
          project_id: number
          user_id: string
        }
        Update: {
          changed_at?: string
          id?: never
          project_id?: number
          user_id?: string
        }
        Relationships: []
      }
      messages: {
        Row: {
          author_id: string
          body: string
          client_id: string | null
          created_at: string
          deleted_at: string | null
          edited_at: string | null
          id: number
          mentions: string[]
          project_id: number
        }
        Insert: {
          author_id?: string
          body: string
          client_id?: string | null
          created_at?: string
          deleted_at?: string | null
          edited_at?: string | null
          id?: never
          mentions?: string[]
          project_id: number
        }
        Update: {
          author_id?: string
          body?: string
          client_id?: string | null
          created_at?: string
          deleted_at?: string | null
          edited_at?: string | null
          id?: never
          mentions?: string[]
          project_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "messages_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      profile_changes: {
        Row: {
          changed_at: string
          id: number
          user_id: string
        }
        Insert: {
          changed_at?: string
          id?: never
          user_id: string
        }
        Update: {
          changed_at?: string
          id?: never
          user_id?: string
        }
        Relationships: []
      }
      profiles: {
        Row: {
          avatar_url: string | null
          created_at: string
          display_name: string | null
          id: string
          updated_at: string
        }
        Insert: {
          avatar_url?: string | null
          created_at?: string
          display_name?: string | null
          id: string
          updated_at?: string
        }
        Update: {
          avatar_url?: string | null
          created_at?: string
          display_name?: string | null
          id?: string
          updated_at?: string
        }
        Relationships: []
      }
      project_invitations: {
        Row: {
          created_at: string
          email: string
          expires_at: string
          id: string
          invited_by: string
          project_id: number
          role: Database["public"]["Enums"]["member_role"]
        }
        Insert: {
          created_at?: string
          email: string
          expires_at?: string
          id?: string
          invited_by?: string
          project_id: number
          role?: Database["public"]["Enums"]["member_role"]
        }
        Update: {
          created_at?: string
          email?: string
          expires_at?: string
          id?: string
          invited_by?: string
          project_id?: number
          role?: Database["public"]["Enums"]["member_role"]
        }
        Relationships: [
          {
            foreignKeyName: "project_invitations_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      project_members: {
        Row: {
          added_at: string
          project_id: number
          role: Database["public"]["Enums"]["member_role"]
          user_id: string
        }
        Insert: {
          added_at?: string
          project_id: number
          role?: Database["public"]["Enums"]["member_role"]
          user_id: string
        }
        Update: {
          added_at?: string
          project_id?: number
          role?: Database["public"]["Enums"]["member_role"]
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "project_members_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      projects: {
        Row: {
          created_at: string
          description: string | null
          id: number
          name: string
          owner_id: string
          status: Database["public"]["Enums"]["project_status"]
        }
        Insert: {
          created_at?: string
          description?: string | null
          id?: never
          name: string
          owner_id?: string
          status?: Database["public"]["Enums"]["project_status"]
        }
        Update: {
          created_at?: string
          description?: string | null
          id?: never
          name?: string
          owner_id?: string
          status?: Database["public"]["Enums"]["project_status"]
        }
        Relationships: []
      }
      room_reads: {
        Row: {
          last_read_at: string
          project_id: number
          user_id: string
        }
        Insert: {
          last_read_at: string
          project_id: number
          user_id?: string
        }
        Update: {
          last_read_at?: string
          project_id?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "room_reads_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      search_documents: {
        Row: {
          body: string
          created_at: string
          file_name: string | null
          id: string
          indexed_at: string | null
          model: string | null
          owner_id: string
          passage_count: number
          source: string
          source_changed_at: string | null
          source_status: string
          status: string
          storage_bucket: string | null
          storage_path: string | null
          title: string
        }
        Insert: {
          body: string
          created_at?: string
          file_name?: string | null
          id?: string
          indexed_at?: string | null
          model?: string | null
          owner_id?: string
          passage_count?: number
          source: string
          source_changed_at?: string | null
          source_status?: string
          status?: string
          storage_bucket?: string | null
          storage_path?: string | null
          title: string
        }
        Update: {
          body?: string
          created_at?: string
          file_name?: string | null
          id?: string
          indexed_at?: string | null
          model?: string | null
          owner_id?: string
          passage_count?: number
          source?: string
          source_changed_at?: string | null
          source_status?: string
          status?: string
          storage_bucket?: string | null
          storage_path?: string | null
          title?: string
        }
        Relationships: []
      }
      search_passages: {
        Row: {
          content: string
          document_id: string
          end_offset: number
          fts: string | null
          heading: string | null
          owner_id: string
          page_first: number | null
          page_last: number | null
          passage_index: number
          start_offset: number
        }
        Insert: {
          content: string
          document_id: string
          end_offset: number
          fts?: never
          heading?: string | null
          owner_id?: string
          page_first?: number | null
          page_last?: number | null
          passage_index: number
          start_offset: number
        }
        Update: {
          content?: string
          document_id?: string
          end_offset?: number
          fts?: never
          heading?: string | null
          owner_id?: string
          page_first?: number | null
          page_last?: number | null
          passage_index?: number
          start_offset?: number
        }
        Relationships: [
          {
            foreignKeyName: "search_passages_document_id_fkey"
            columns: ["document_id"]
            isOneToOne: false
            referencedRelation: "search_documents"
            referencedColumns: ["id"]
          },
        ]
      }
      tasks: {
        Row: {
          created_at: string
          details: Json
          done: boolean
          due_date: string | null
          id: number
          priority: Database["public"]["Enums"]["task_priority"]
          project_id: number
          tags: string[]
          title: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          details?: Json
          done?: boolean
          due_date?: string | null
          id?: never
          priority?: Database["public"]["Enums"]["task_priority"]
          project_id: number
          tags?: string[]
          title: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          details?: Json
          done?: boolean
          due_date?: string | null
          id?: never
          priority?: Database["public"]["Enums"]["task_priority"]
          project_id?: number
          tags?: string[]
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "tasks_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      accept_project_invitation: {
        Args: { p_invitation_id: string }
        Returns: number
      }
      caller_email: {
        Args: Record<PropertyKey, never>
        Returns: string
      }
      chosen_display_name: {
        Args: { p_meta: Json }
        Returns: string
      }
      create_file_share: {
        Args: { p_bucket: string; p_name: string; p_expires_at?: string }
        Returns: {
          bucket_id: string
          created_at: string
          created_by: string
          expires_at: string | null
          id: string
          object_id: string
          revoked_at: string | null
          revoked_by: string | null
        }
      }
      file_share_target: {
        Args: { p_share: string }
        Returns: {
          bucket_id: string
          object_name: string
          expires_at: string
          revoked_at: string
          maker_may_read: boolean
          in_trash: boolean
        }[]
      }
      files_in_trash: {
        Args: { p_name: string }
        Returns: boolean
      }
      files_may_change: {
        Args: { p_object_id: string }
        Returns: boolean
      }
      files_object_authors: {
        Args: { p_bucket: string; p_names: string[] }
        Returns: {
          name: string
          author_id: string
          display_name: string
          updated_at: string
        }[]
      }
      files_project_id: {
        Args: { object_name: string }
        Returns: number
      }
      files_readable_by: {
        Args: { p_user: string; p_bucket: string; p_name: string }
        Returns: boolean
      }
      in_project_room: {
        Args: { p_project_id: number }
        Returns: boolean
      }
      list_file_shares: {
        Args: { p_bucket: string; p_name: string }
        Returns: {
          id: string
          created_by: string
          created_by_name: string
          created_at: string
          expires_at: string
          revoked_at: string
          revoked_by: string
          revoked_by_name: string
        }[]
      }
      mark_room_read: {
        Args: { p_project_id: number; p_through: string }
        Returns: string
      }
      my_project_invitations: {
        Args: Record<PropertyKey, never>
        Returns: {
          id: string
          project_id: number
          project_name: string
          role: Database["public"]["Enums"]["member_role"]
          invited_by_name: string
          created_at: string
          expires_at: string
        }[]
      }
      owns_project: {
        Args: { p_project_id: number }
        Returns: boolean
      }
      presence_topic_user: {
        Args: { p_topic: string }
        Returns: string
      }
      project_member_role: {
        Args: { p_project_id: number }
        Returns: Database["public"]["Enums"]["member_role"]
      }
      project_role: {
        Args: { p_project_id: number }
        Returns: string
      }
      room_members: {
        Args: { p_project_id: number }
        Returns: string[]
      }
      room_project_id: {
        Args: { p_topic: string }
        Returns: number
      }
      room_unread_counts: {
        Args: Record<PropertyKey, never>
        Returns: {
          project_id: number
          unread: number
          mentions: number
        }[]
      }
      search_add_document: {
        Args: { p_title: string; p_source: string; p_file_name: string; p_body: string; p_model: string; p_passages: Json; p_storage_bucket?: string; p_storage_path?: string }
        Returns: {
          body: string
          created_at: string
          file_name: string | null
          id: string
          indexed_at: string | null
          model: string | null
          owner_id: string
          passage_count: number
          source: string
          source_changed_at: string | null
          source_status: string
          status: string
          storage_bucket: string | null
          storage_path: string | null
          title: string
        }
      }
      search_passages_fulltext: {
        Args: { p_query: string; p_limit: number; p_sources?: string[]; p_from?: string; p_to?: string }
        Returns: {
          document_id: string
          passage_index: number
          rank: number
          title: string
          source: string
          created_at: string
          heading: string
          content: string
          page_first: number
          page_last: number
        }[]
      }
      shares_project_with: {
        Args: { p_user_id: string }
        Returns: boolean
      }
    }
    Enums: {
      member_role: "viewer" | "editor"
      project_status: "planned" | "active" | "paused" | "done"
      task_priority: "low" | "medium" | "high" | "urgent"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  portal_deploy_api: {
    Enums: {},
  },
  public: {
    Enums: {
      member_role: ["viewer", "editor"],
      project_status: ["planned", "active", "paused", "done"],
      task_priority: ["low", "medium", "high", "urgent"],
    },
  },
} as const
